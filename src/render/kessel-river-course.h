/* kessel-river-course.h: how far along its course each river hexside lies,
 * so a river can be drawn narrow at its source and wider downstream.
 *
 * A river's ends are the corners only one of its hexsides touches. An end on
 * the map edge, or where the river meets another, is where it leaves the map
 * or flows into the other; an end anywhere else is its source. A river with
 * no source on the map rises off it and is drawn at full width. */
#pragma once

#include "kessel-map.h"

G_BEGIN_DECLS

typedef struct _KesselRiverCourse KesselRiverCourse;

KesselRiverCourse *kessel_river_course_new (KesselMap *map);
/* A number that changes, but for chance, whenever a hexside's river does. */
guint              kessel_river_course_fingerprint (KesselMap *map);
void               kessel_river_course_free (KesselRiverCourse *course);
/* Whether the course was worked out from the rivers the map has now. */
gboolean           kessel_river_course_is_current (const KesselRiverCourse *course,
                                                   KesselMap               *map);
/* The share (0.3 to 1) of its river's full width at which a hexside is drawn. */
double             kessel_river_course_width (const KesselRiverCourse *course,
                                              KesselHexside            side);
/* Hexsides from the nearest source of its river, or -1 when it has none on the map. */
int                kessel_river_course_distance (const KesselRiverCourse *course,
                                                 KesselHexside            side);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselRiverCourse, kessel_river_course_free)

G_END_DECLS
