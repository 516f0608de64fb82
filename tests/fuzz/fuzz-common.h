/* fuzz-common.h: what the fuzz targets share: the entry points libFuzzer
 * calls, and the shipped scenarios they play on. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "kessel-game.h"
#include "kessel-scenario-check.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A shipped scenario by file name, loaded once; it must load. */
KesselScenario *fuzz_shipped_scenario (const char *name);

/* Stops the run as a finding: libFuzzer and the replay both report it. */
void fuzz_fail (const char *format, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
