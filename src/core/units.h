/* Physical dimensions and the model's unit system (MotionSolve Param_Unit).
 * Every attribute and every output column has a dimension, written as
 * exponents of four independent base units: force, mass, length, time
 * (MotionSolve keeps force independent, so inconsistent unit sets such as
 * N-g-mm-s work). Values are converted to SI on load and back on output. */
#ifndef MBS_UNITS_H
#define MBS_UNITS_H

typedef struct mbs_dim {
    signed char force, mass, length, time;
} mbs_dim;

#define MBS_DIM(f, m, l, t) ((mbs_dim){(f), (m), (l), (t)})
#define DIM_NONE MBS_DIM(0, 0, 0, 0)
#define DIM_ANGLE MBS_DIM(0, 0, 0, 0)
#define DIM_LENGTH MBS_DIM(0, 0, 1, 0)
#define DIM_MASS MBS_DIM(0, 1, 0, 0)
#define DIM_TIME MBS_DIM(0, 0, 0, 1)
#define DIM_FORCE MBS_DIM(1, 0, 0, 0)
#define DIM_VELOCITY MBS_DIM(0, 0, 1, -1)
#define DIM_ACCELERATION MBS_DIM(0, 0, 1, -2)
#define DIM_ANGULAR_VELOCITY MBS_DIM(0, 0, 0, -1)
#define DIM_ANGULAR_ACCELERATION MBS_DIM(0, 0, 0, -2)
#define DIM_INERTIA MBS_DIM(0, 1, 2, 0)
#define DIM_TORQUE MBS_DIM(1, 0, 1, 0)
#define DIM_ENERGY MBS_DIM(1, 0, 1, 0)
#define DIM_POWER MBS_DIM(1, 0, 1, -1)
#define DIM_STIFFNESS MBS_DIM(1, 0, -1, 0)
#define DIM_DAMPING MBS_DIM(1, 0, -1, 1)
#define DIM_ROT_STIFFNESS MBS_DIM(1, 0, 1, 0)  /* torque per radian */
#define DIM_ROT_DAMPING MBS_DIM(1, 0, 1, 1)    /* torque per rad/s */
#define DIM_INV_LENGTH MBS_DIM(0, 0, -1, 0)
#define DIM_TIME_PER_LENGTH MBS_DIM(0, 0, -1, 1)

/* Dimension of a generalised coordinate that may be a length or an angle. */
typedef enum mbs_coord_kind { MBS_COORD_LENGTH, MBS_COORD_ANGLE } mbs_coord_kind;

typedef struct mbs_units {
    int force, mass, length, time; /* indices into the unit tables below */
} mbs_units;

typedef enum mbs_base_unit { MBS_UNIT_FORCE, MBS_UNIT_MASS, MBS_UNIT_LENGTH, MBS_UNIT_TIME } mbs_base_unit;

void mbs_units_si(mbs_units *u);

/* Looks up a MotionSolve unit name (case-insensitive) for one base quantity;
 * returns its index or -1. */
int mbs_unit_lookup(mbs_base_unit which, const char *name);
/* '|' separated list of the accepted names, for messages and the schema. */
const char *mbs_unit_names(mbs_base_unit which);
/* Canonical name (e.g. "MILLIMETER") and symbol (e.g. "mm"). */
const char *mbs_unit_name(mbs_base_unit which, int index);
const char *mbs_unit_symbol(mbs_base_unit which, int index);

/* Factor that converts a value of dimension `d` in the model's units to SI. */
double mbs_units_to_si(const mbs_units *u, mbs_dim d);

/* Unit text of a dimension in the model's units, e.g. "N*mm", "mm/s^2", "1"
 * for dimensionless; rad-valued dimensions are passed with angle=1 to say so. */
void mbs_units_format(const mbs_units *u, mbs_dim d, int angle, char *out, int size);

/* Human-readable dimension name for docs ("length", "force/length", ...). */
void mbs_dim_describe(mbs_dim d, char *out, int size);

int mbs_dim_eq(mbs_dim a, mbs_dim b);

#endif
