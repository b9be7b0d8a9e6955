/* Force_Beam (MotionSolve; Adams' BEAM): a massless, straight, uniform
 * Timoshenko beam from J's origin (clamped, its neutral axis along J's x)
 * to I's origin. With the deflection of I relative to J in J's axes
 * (marker_spring.c), u = (DX - L, DY, DZ, AX, AY, AZ), and its rates
 * w = (VX, VY, VZ, WX, WY, WZ), the load on I in J's axes is
 *
 *   F = -K u - cratio K w + P,     P = (preload_x .. preload_tz)
 *
 *       | EA/L   0     0     0     0     0   |
 *       |  0    K22    0     0     0    K26  |      K22 = 12 E Izz / (L^3 (1 + Py))
 *   K = |  0     0    K33    0    K35    0   |      K26 = -6 E Izz / (L^2 (1 + Py))
 *       |  0     0     0   G Ixx/L  0    0   |      K66 = (4 + Py) E Izz / (L (1 + Py))
 *       |  0     0    K35    0    K55    0   |      K33 = 12 E Iyy / (L^3 (1 + Pz))
 *       |  0    K26    0     0     0    K66  |      K35 = 6 E Iyy / (L^2 (1 + Pz))
 *                                                   K55 = (4 + Pz) E Iyy / (L (1 + Pz))
 *   Py = 12 E Izz ASY / (G A L^2),  Pz = 12 E Iyy ASZ / (G A L^2)
 *
 * (L = length, A = area, Ixx the torsional constant, Iyy and Izz the second
 * moments about J's y and z, ASY and ASZ the shear area ratios A / A_shear).
 * This is the free end's block of the Timoshenko beam element clamped at J:
 * a tip force F_y alone deflects the tip by F L^3 / (3 E Izz) + F L ASY / (G A)
 * and turns it by F L^2 / (2 E Izz). K26 < 0 and K35 > 0 because a positive
 * AZ turns the tip towards +y and a positive AY towards -z.
 * J gets -F at I's origin and -T (the torque about J's origin is -T - D x F).
 *   potential energy  V = u.K u / 2 - P.u
 *   non-conservative power  -cratio w.K w plus the small part of the
 *   rotational springs' power that V does not account for (marker_spring.c). */
#include "marker_spring.h"

#include <stdlib.h>
#include <string.h>

#define DIM_PRESSURE MBS_DIM(1, 0, -2, 0)
#define DIM_AREA MBS_DIM(0, 0, 2, 0)
#define DIM_AREA_MOMENT MBS_DIM(0, 0, 4, 0)


static const mbs_attr ATTRS[] = {
    {"id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "id (unique among the elements of this name; another element may share it)", NULL},
    {"label", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "name used in messages and results", NULL},
    {"i_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL, "marker at the beam's free end", NULL},
    {"j_marker_id", MBS_ATTR_ID, NULL, DIM_NONE, MBS_REQUIRED, NULL,
     "marker at the beam's root; its x axis is the neutral axis, y and z the principal axes of the section", NULL},
    {"length", MBS_ATTR_REAL, NULL, DIM_LENGTH, MBS_REQUIRED, NULL, "free length L from J's origin to I's, > 0", NULL},
    {"e", MBS_ATTR_REAL, NULL, DIM_PRESSURE, MBS_REQUIRED, NULL, "Young's modulus E, > 0", NULL},
    {"g", MBS_ATTR_REAL, NULL, DIM_PRESSURE, MBS_REQUIRED, NULL, "shear modulus G, > 0", NULL},
    {"area", MBS_ATTR_REAL, NULL, DIM_AREA, MBS_REQUIRED, NULL, "cross-section area A, > 0", NULL},
    {"ixx", MBS_ATTR_REAL, NULL, DIM_AREA_MOMENT, MBS_REQUIRED, NULL, "torsional constant of the section, > 0", NULL},
    {"iyy", MBS_ATTR_REAL, NULL, DIM_AREA_MOMENT, MBS_REQUIRED, NULL, "second moment of area about J's y, > 0", NULL},
    {"izz", MBS_ATTR_REAL, NULL, DIM_AREA_MOMENT, MBS_REQUIRED, NULL, "second moment of area about J's z, > 0", NULL},
    {"asy", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "shear area ratio for deflection along y (0: no shear deflection)", NULL},
    {"asz", MBS_ATTR_REAL, "0", DIM_NONE, 0, NULL, "shear area ratio for deflection along z (0: no shear deflection)", NULL},
    {"cratio", MBS_ATTR_REAL, "0", DIM_TIME, 0, NULL, "damping matrix = cratio times the stiffness matrix, >= 0", NULL},
    MBS_MARKER_SPRING_PRELOAD_ATTRS,
};

typedef struct beam_params {
    mbs_marker_spring spring; /* first; its length is the beam's */
    double K[36];             /* row-major, SI */
    double cratio;            /* s */
    double preload[6];
} beam_params;

static void stiffness_matrix(double K[36], double L, double E, double G, double A, double Ixx, double Iyy,
                             double Izz, double asy, double asz)
{
    double py = 12.0 * E * Izz * asy / (G * A * L * L), pz = 12.0 * E * Iyy * asz / (G * A * L * L);
    memset(K, 0, 36 * sizeof *K);
    K[0] = E * A / L;
    K[7] = 12.0 * E * Izz / (L * L * L * (1.0 + py));
    K[11] = K[31] = -6.0 * E * Izz / (L * L * (1.0 + py));
    K[35] = (4.0 + py) * E * Izz / (L * (1.0 + py));
    K[14] = 12.0 * E * Iyy / (L * L * L * (1.0 + pz));
    K[16] = K[26] = 6.0 * E * Iyy / (L * L * (1.0 + pz));
    K[28] = (4.0 + pz) * E * Iyy / (L * (1.0 + pz));
    K[21] = G * Ixx / L;
}

static void mul(const double K[36], const double x[6], double out[6])
{
    for (int i = 0; i < 6; i++) {
        out[i] = 0.0;
        for (int k = 0; k < 6; k++)
            out[i] += K[6 * i + k] * x[k];
    }
}

static double law(const mbs_marker_spring *s, const double u[6], const double v[6], double load[6], double grad_v[6])
{
    const beam_params *bp = (const beam_params *)s;
    double Kv[6], V = 0.0;
    mul(bp->K, u, grad_v);
    mul(bp->K, v, Kv);
    for (int i = 0; i < 6; i++) {
        V += 0.5 * u[i] * grad_v[i] - bp->preload[i] * u[i];
        grad_v[i] -= bp->preload[i];
        load[i] = -grad_v[i] - bp->cratio * Kv[i];
    }
    return V;
}

static int build(mbs_builder *b, const mbs_spec_elem *e)
{
    /* attribute, and its name as MotionSolve spells it (for messages) */
    static const char *const POSITIVE[][2] = {{"length", "length"}, {"e", "E"}, {"g", "G"}, {"area", "area"},
                                              {"ixx", "ixx"}, {"iyy", "iyy"}, {"izz", "izz"}};
    static const char *const NON_NEGATIVE[][2] = {{"asy", "ASY"}, {"asz", "ASZ"}, {"cratio", "cratio"}};
    int bad = 0;
    for (int i = 0; i < MBS_COUNT_OF(POSITIVE); i++)
        if (!(mbs_spec_real(e, POSITIVE[i][0]) > 0))
            bad = mbs_build_error(b, e, "%s must be > 0 (is %s)", POSITIVE[i][1], mbs_spec_text(e, POSITIVE[i][0]));
    for (int i = 0; i < MBS_COUNT_OF(NON_NEGATIVE); i++)
        if (mbs_spec_real(e, NON_NEGATIVE[i][0]) < 0)
            bad = mbs_build_error(b, e, "%s must be >= 0 (is %s)", NON_NEGATIVE[i][1],
                                  mbs_spec_text(e, NON_NEGATIVE[i][0]));
    int I, J;
    if (bad || mbs_marker_spring_markers(b, e, &I, &J) != 0)
        return -1;
    beam_params *bp = malloc(sizeof *bp);
    if (!bp)
        return -1;
    bp->spring = (mbs_marker_spring){I, J, mbs_spec_real(e, "length"), law};
    bp->cratio = mbs_spec_real(e, "cratio");
    stiffness_matrix(bp->K, bp->spring.length, mbs_spec_real(e, "e"), mbs_spec_real(e, "g"), mbs_spec_real(e, "area"),
                     mbs_spec_real(e, "ixx"), mbs_spec_real(e, "iyy"), mbs_spec_real(e, "izz"),
                     mbs_spec_real(e, "asy"), mbs_spec_real(e, "asz"));
    mbs_marker_spring_preloads(e, bp->preload);
    return mbs_marker_spring_add(b, e, &bp->spring) ? 0 : -1;
}

const mbs_kind mbs_kind_force_beam = {
    "Force_Beam", MBS_FAMILY_FORCE, MBS_IN_MODEL, MBS_STAGE_ELEMENTS, ATTRS, MBS_COUNT_OF(ATTRS),
    "A massless uniform Timoshenko beam (MotionSolve; Adams' BEAM) clamped at J, its neutral axis along "
    "J's x axis, from J's origin to I's (free length `length`). The load on I, in J's axes, is "
    "-K u - cratio K w + preload with u the deflection (the displacement of I's origin from (length, 0, 0) "
    "and Adams' projected angles AX AY AZ of I about J's axes) and w its rates; J gets the opposite force "
    "at the same point and the opposite torque. Attribute names are MotionSolve's (E, G, ASY, ASZ, any "
    "case). Outputs as Force_Bushing's, with Displacement the deflection u. See docs/compliance.md.",
    build,
    "BEAM|FORCE",
};
