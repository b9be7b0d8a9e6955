/* The built-in outputs of bodies, markers, marker pairs and the system
 * (outputs.h), and their lookup by name. */
#include "outputs.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <string.h>

#define XYZ "x y z"
#define ROT "a00 a01 a02 a10 a11 a12 a20 a21 a22"
#define ANGLES3 0x7u

static const mbs_dim RIGID_COORD_DIMS[7] = {DIM_LENGTH, DIM_LENGTH, DIM_LENGTH, DIM_NONE, DIM_NONE, DIM_NONE, DIM_NONE};

static const mbs_output_desc RIGID[] = {
    {"Position", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_POSITION},
    {"Velocity", XYZ, DIM_VELOCITY, NULL, 0, MBS_OUT_VELOCITY},
    {"Acceleration", XYZ, DIM_ACCELERATION, NULL, 0, MBS_OUT_ACCELERATION},
    {"Displacement", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_DISPLACEMENT},
    {"RotationMatrix", ROT, DIM_NONE, NULL, 0, MBS_OUT_ROTATION_MATRIX},
    {"EulerParameters", "e0 e1 e2 e3", DIM_NONE, NULL, 0, MBS_OUT_EULER_PARAMETERS},
    {"AngularVelocity", XYZ, DIM_ANGULAR_VELOCITY, NULL, ANGLES3, MBS_OUT_ANGULAR_VELOCITY},
    {"AngularVelocityLocal", XYZ, DIM_ANGULAR_VELOCITY, NULL, ANGLES3, MBS_OUT_ANGULAR_VELOCITY_LOCAL},
    {"AngularAcceleration", XYZ, DIM_ANGULAR_ACCELERATION, NULL, ANGLES3, MBS_OUT_ANGULAR_ACCELERATION},
    {"KineticEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_KINETIC_ENERGY},
    {"Coordinates", "x y z e0 e1 e2 e3", DIM_NONE, RIGID_COORD_DIMS, 0, MBS_OUT_COORDINATES},
};

static const mbs_output_desc POINT[] = {
    {"Position", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_POSITION},
    {"Velocity", XYZ, DIM_VELOCITY, NULL, 0, MBS_OUT_VELOCITY},
    {"Acceleration", XYZ, DIM_ACCELERATION, NULL, 0, MBS_OUT_ACCELERATION},
    {"Displacement", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_DISPLACEMENT},
    {"KineticEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_KINETIC_ENERGY},
    {"Coordinates", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_COORDINATES},
};

static const mbs_output_desc MASS1D_TRANSLATIONAL[] = {
    {"Coordinates", "q", DIM_LENGTH, NULL, 0, MBS_OUT_COORDINATES},
    {"Velocity", "v", DIM_VELOCITY, NULL, 0, MBS_OUT_VELOCITY},
    {"Acceleration", "a", DIM_ACCELERATION, NULL, 0, MBS_OUT_ACCELERATION},
    {"KineticEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_KINETIC_ENERGY},
};

static const mbs_output_desc MASS1D_ROTATIONAL[] = {
    {"Coordinates", "q", DIM_ANGLE, NULL, 1, MBS_OUT_COORDINATES},
    {"Velocity", "v", DIM_ANGULAR_VELOCITY, NULL, 1, MBS_OUT_VELOCITY},
    {"Acceleration", "a", DIM_ANGULAR_ACCELERATION, NULL, 1, MBS_OUT_ACCELERATION},
    {"KineticEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_KINETIC_ENERGY},
};

static const mbs_output_desc GROUND[] = {
    {"Position", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_POSITION},
};

static const mbs_output_desc FRAME_MARKER[] = {
    {"Position", XYZ, DIM_LENGTH, NULL, 0, MBS_OUT_POSITION},
    {"Velocity", XYZ, DIM_VELOCITY, NULL, 0, MBS_OUT_VELOCITY},
    {"Acceleration", XYZ, DIM_ACCELERATION, NULL, 0, MBS_OUT_ACCELERATION},
    {"RotationMatrix", ROT, DIM_NONE, NULL, 0, MBS_OUT_ROTATION_MATRIX},
    {"AngularVelocity", XYZ, DIM_ANGULAR_VELOCITY, NULL, ANGLES3, MBS_OUT_ANGULAR_VELOCITY},
    {"AngularAcceleration", XYZ, DIM_ANGULAR_ACCELERATION, NULL, ANGLES3, MBS_OUT_ANGULAR_ACCELERATION},
};

static const mbs_output_desc LENGTH_COORD_MARKER[] = {
    {"Coordinate", "value", DIM_LENGTH, NULL, 0, MBS_OUT_COORDINATE},
    {"CoordinateVelocity", "value", DIM_VELOCITY, NULL, 0, MBS_OUT_COORDINATE_VELOCITY},
};

static const mbs_output_desc ANGLE_COORD_MARKER[] = {
    {"Coordinate", "value", DIM_ANGLE, NULL, 1, MBS_OUT_COORDINATE},
    {"CoordinateVelocity", "value", DIM_ANGULAR_VELOCITY, NULL, 1, MBS_OUT_COORDINATE_VELOCITY},
};

static const mbs_output_desc SYSTEM[] = {
    {"KineticEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_KINETIC_ENERGY},
    {"PotentialEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_POTENTIAL_ENERGY},
    {"DissipatedEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_DISSIPATED_ENERGY},
    {"TotalEnergy", "value", DIM_ENERGY, NULL, 0, MBS_OUT_TOTAL_ENERGY},
    {"ConstraintViolation", "value", DIM_LENGTH, NULL, 0, MBS_OUT_CONSTRAINT_VIOLATION},
};

static const mbs_dim PAIR_DISPLACEMENT_DIMS[6] = {DIM_LENGTH, DIM_LENGTH, DIM_LENGTH,
                                                  DIM_ANGLE, DIM_ANGLE, DIM_ANGLE};
static const mbs_dim PAIR_VELOCITY_DIMS[6] = {DIM_VELOCITY, DIM_VELOCITY, DIM_VELOCITY,
                                              DIM_ANGULAR_VELOCITY, DIM_ANGULAR_VELOCITY, DIM_ANGULAR_VELOCITY};
static const mbs_dim PAIR_ACCELERATION_DIMS[6] = {DIM_ACCELERATION, DIM_ACCELERATION, DIM_ACCELERATION,
                                                  DIM_ANGULAR_ACCELERATION, DIM_ANGULAR_ACCELERATION,
                                                  DIM_ANGULAR_ACCELERATION};

/* in the order of Post_Request's type keywords */
static const mbs_output_desc PAIR[] = {
    {"MARKER_DISPLACEMENT", "x y z psi theta phi", DIM_NONE, PAIR_DISPLACEMENT_DIMS, 0x38,
     MBS_OUT_RELATIVE_DISPLACEMENT},
    {"MARKER_VELOCITY", "vx vy vz wx wy wz", DIM_NONE, PAIR_VELOCITY_DIMS, 0x38, MBS_OUT_RELATIVE_VELOCITY},
    {"MARKER_ACCELERATION", "ax ay az wdx wdy wdz", DIM_NONE, PAIR_ACCELERATION_DIMS, 0x38,
     MBS_OUT_RELATIVE_ACCELERATION},
};

#define RETURN_TABLE(t) do { *n = MBS_COUNT_OF(t); return t; } while (0)

const mbs_output_desc *mbs_body_outputs(const mbs_body *b, int *n)
{
    switch (b->type) {
    case MBS_BODY_RIGID: RETURN_TABLE(RIGID);
    case MBS_BODY_POINT: RETURN_TABLE(POINT);
    case MBS_BODY_MASS1D:
        if (b->rotational)
            RETURN_TABLE(MASS1D_ROTATIONAL);
        RETURN_TABLE(MASS1D_TRANSLATIONAL);
    case MBS_BODY_GROUND: RETURN_TABLE(GROUND);
    }
    *n = 0;
    return NULL;
}

const mbs_output_desc *mbs_marker_outputs(const mbs_marker *mk, int *n)
{
    if (mk->type == MBS_MARKER_FRAME)
        RETURN_TABLE(FRAME_MARKER);
    if (mk->is_angle)
        RETURN_TABLE(ANGLE_COORD_MARKER);
    RETURN_TABLE(LENGTH_COORD_MARKER);
}

const mbs_output_desc *mbs_system_outputs(int *n)
{
    RETURN_TABLE(SYSTEM);
}

const mbs_output_desc *mbs_pair_outputs(int *n)
{
    RETURN_TABLE(PAIR);
}

int mbs_output_find(const mbs_output_desc *table, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (mbs_strcaseeq(table[i].name, name))
            return i;
    return -1;
}

void mbs_output_list(const mbs_output_desc *table, int n, char *out, int size)
{
    int used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used < size; i++)
        used += snprintf(out + used, (size_t)(size - used), "%s%s", i ? ", " : "", table[i].name);
}

int mbs_output_width(const mbs_output_desc *o)
{
    int n = 0;
    for (const char *p = o->columns; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        n++;
        while (*p && *p != ' ')
            p++;
    }
    return n;
}
