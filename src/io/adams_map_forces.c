/* SFORCE, VFORCE, VTORQUE, GFORCE, SPRINGDAMPER, BUSHING, BEAM and FRICTION
 * onto mbsim's force elements.
 *
 * SFORCE: a translational force along the line from J to I (positive
 * pushes apart), or a torque about J's z, on I and opposite on J
 * (Force_Scalar_TwoBody). ACTIONONLY: I only, a translational one along
 * J's z axis (Force_Scalar_TwoBody's is_action_only directs it so too).
 * VFORCE, VTORQUE, GFORCE: components in RM's axes at I, the reaction on
 * JFLOAT's part at I's origin (Force_Vector_TwoBody). FUNCTION = USER(...):
 * a user subroutine gives the value or the components (adams_map_user.c). */
#include "adams_map.h"
#include "../core/strutil.h"
#include "../core/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int markers(adm_ctx *c, const char *i, const char *j, int j_needed)
{
    int bad = 0;
    if (!adm_given(c, i))
        bad = adm_error(c, NULL, "%s is needed", i);
    if (j_needed && !adm_given(c, j))
        bad = adm_error(c, NULL, "%s is needed", j);
    int bad_i = adm_check_refs(c, i, "MARKER"); /* both, whatever the first says */
    int bad_j = j ? adm_check_refs(c, j, "MARKER") : 0;
    if (bad_i || bad_j)
        bad = -1;
    return bad;
}

int adm_map_sforce(adm_ctx *c, const adm_stmt *s)
{
    int rot = adm_choice(c, "TRANSLATIONAL|ROTATIONAL");
    if (rot < 0)
        return adm_error(c, NULL, "TRANSLATIONAL or ROTATIONAL is needed");
    if (markers(c, "I", "J", 1) != 0)
        return -1;
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed");
    int user = adm_is_user(c, "FUNCTION");
    const char *f = user ? NULL : adm_expression(c, "FUNCTION");
    if (!user && !f)
        return -1;
    if (!user)
        adm_note_unused(c, "ROUTINE", "no USER function names it");
    mbs_spec_elem *e = adm_elem(c, "Force_Scalar_TwoBody", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "type", NULL, rot ? "TORQUE" : "FORCE");
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_marker_id", adm_id(c, "J", 0));
    if (user)
        adm_set_user(c, e, "FUNCTION"); /* SFOSUB */
    else
        adm_set(c, e, "val", "FUNCTION", f);
    if (adm_given(c, "ACTIONONLY"))
        adm_set(c, e, "is_action_only", "ACTIONONLY", "TRUE");
    return 0;
}

/* VFORCE (FX FY FZ), VTORQUE (TX TY TZ), GFORCE (all six); or FUNCTION =
 * USER(...): the routine VFOSUB, VTOSUB or GFOSUB gives them (the type
 * FORCEONLY, TORQUEONLY or FORCEANDTORQUE says which). */
int adm_map_vforce(adm_ctx *c, const adm_stmt *s)
{
    static const char *const COMP[6] = {"FX", "FY", "FZ", "TX", "TY", "TZ"};
    static const char *const ATTR[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};
    int user = adm_is_user(c, "FUNCTION");
    if (adm_given(c, "FUNCTION") && !user)
        return adm_expression(c, "FUNCTION") ? adm_error(c, "FUNCTION", "FUNCTION is only for USER(...)") : -1;
    for (int k = 0; user && k < 6; k++)
        if (adm_declares(c, COMP[k]) && adm_given(c, COMP[k]))
            return adm_error(c, COMP[k], "FUNCTION = USER(...) gives every component: %s is not given with it",
                             COMP[k]);
    if (markers(c, "I", "JFLOAT", 1) != 0 || adm_check_refs(c, "RM", "MARKER") != 0)
        return -1;
    if (!adm_given(c, "RM"))
        return adm_error(c, NULL, "RM is needed (the marker whose axes the components are in)");
    if (!user)
        adm_note_unused(c, "ROUTINE", "no USER function names it");
    mbs_spec_elem *e = adm_elem(c, "Force_Vector_TwoBody", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_floating_marker_id", adm_id(c, "JFLOAT", 0));
    adm_set_int(c, e, "ref_marker_id", adm_id(c, "RM", 0));
    if (user) {
        const char *name = s->def->name;
        adm_set(c, e, "type", NULL,
                strcmp(name, "VFORCE") == 0 ? "FORCEONLY" : strcmp(name, "VTORQUE") == 0 ? "TORQUEONLY" : "FORCEANDTORQUE");
        adm_set_user(c, e, "FUNCTION");
        return 0;
    }
    int any = 0;
    for (int k = 0; k < 6; k++) {
        int i;
        for (i = 0; i < s->def->n_args; i++)
            if (strcmp(s->def->args[i].name, COMP[k]) == 0)
                break;
        if (i == s->def->n_args || !adm_given(c, COMP[k]))
            continue;
        const char *f = adm_expression(c, COMP[k]);
        if (!f)
            return -1;
        adm_set(c, e, ATTR[k], COMP[k], f);
        any = 1;
    }
    if (!any)
        return adm_error(c, NULL, "no component is given");
    return 0;
}

int adm_map_springdamper(adm_ctx *c, const adm_stmt *s)
{
    int rot = adm_choice(c, "TRANSLATIONAL|ROTATIONAL");
    if (rot < 0)
        return adm_error(c, NULL, "TRANSLATIONAL or ROTATIONAL is needed");
    if (markers(c, "I", "J", 1) != 0)
        return -1;
    static const char *const T[4] = {"K", "C", "LENGTH", "FORCE"};
    static const char *const R[4] = {"KT", "CT", "ANGLE", "TORQUE"};
    static const char *const ATTR[4] = {"stiffness", "damping", "length", "preload"};
    const char *const *use = rot ? R : T, *const *other = rot ? T : R;
    for (int k = 0; k < 4; k++)
        if (adm_given(c, other[k]))
            return adm_error(c, other[k], "%s is for %s spring-dampers", other[k], rot ? "TRANSLATIONAL" : "ROTATIONAL");
    mbs_spec_elem *e = adm_elem(c, "Force_SpringDamper", s->id);
    if (!e)
        return -1;
    adm_set(c, e, "type", NULL, rot ? "ROTATIONAL" : "TRANSLATIONAL");
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_marker_id", adm_id(c, "J", 0));
    for (int k = 0; k < 4; k++)
        if (adm_given(c, use[k]))
            adm_set_num(c, e, ATTR[k], adm_num(c, use[k], 0, 0));
    return 0;
}

int adm_map_bushing(adm_ctx *c, const adm_stmt *s)
{
    if (markers(c, "I", "J", 1) != 0)
        return -1;
    static const struct {
        const char *arg, *attr[3];
    } MAP[] = {{"K", {"kx", "ky", "kz"}},           {"C", {"cx", "cy", "cz"}},
               {"KT", {"ktx", "kty", "ktz"}},       {"CT", {"ctx", "cty", "ctz"}},
               {"FORCE", {"preload_x", "preload_y", "preload_z"}},
               {"TORQUE", {"preload_tx", "preload_ty", "preload_tz"}}};
    mbs_spec_elem *e = adm_elem(c, "Force_Bushing", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_marker_id", adm_id(c, "J", 0));
    for (size_t m = 0; m < sizeof MAP / sizeof MAP[0]; m++)
        for (int k = 0; k < 3 && adm_given(c, MAP[m].arg); k++)
            adm_set_num(c, e, MAP[m].attr[k], adm_num(c, MAP[m].arg, k, 0));
    return 0;
}

int adm_map_beam(adm_ctx *c, const adm_stmt *s)
{
    if (markers(c, "I", "J", 1) != 0)
        return -1;
    if (adm_given(c, "CMATRIX"))
        return adm_error(c, "CMATRIX", "a damping matrix (CMATRIX) is not supported: give CRATIO");
    if (adm_given(c, "SECTION"))
        return adm_error(c, "SECTION", "SECTION is not supported: give AREA, IXX, IYY, IZZ");
    static const char *const ARG[] = {"LENGTH", "EMODULUS", "GMODULUS", "AREA", "IXX", "IYY", "IZZ", "ASY", "ASZ",
                                      "CRATIO"};
    static const char *const ATTR[] = {"length", "e", "g", "area", "ixx", "iyy", "izz", "asy", "asz", "cratio"};
    mbs_spec_elem *e = adm_elem(c, "Force_Beam", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_marker_id", adm_id(c, "J", 0));
    for (size_t k = 0; k < sizeof ARG / sizeof ARG[0]; k++)
        if (adm_given(c, ARG[k]))
            adm_set_num(c, e, ATTR[k], adm_num(c, ARG[k], 0, 0));
    return 0;
}

/* FIELD (linear): F = -K (X - LENGTH) - C dX/dt + FORCE on I, X the
 * displacement and rotations of I relative to J in J's axes, K and C 6x6.
 * With K and C diagonal (no coupling) that is a BUSHING whose preload is
 * FORCE + K LENGTH; the rotations are the bushing's projected angles, Adams'
 * AX AY AZ (the same as the field's for small rotations). A field with
 * coupling terms is refused. */
int adm_map_field(adm_ctx *c, const adm_stmt *s)
{
    if (adm_given(c, "FUNCTION"))
        return adm_expression(c, "FUNCTION") ? adm_error(c, "FUNCTION", "a nonlinear FIELD (FUNCTION) is not supported") : -1;
    if (markers(c, "I", "J", 1) != 0)
        return -1;
    if (!adm_given(c, "KMATRIX"))
        return adm_error(c, NULL, "KMATRIX is needed");
    if (adm_given(c, "CMATRIX") && adm_given(c, "CRATIO"))
        return adm_error(c, "CRATIO", "CMATRIX and CRATIO exclude each other");
    const adm_val *k = adm_arg(s, "KMATRIX"), *cm = adm_arg(s, "CMATRIX");
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            if (i != j && (k->num[6 * i + j] != 0.0 || (cm && cm->num[6 * i + j] != 0.0)))
                return adm_error(c, cm && cm->num[6 * i + j] != 0.0 ? "CMATRIX" : "KMATRIX",
                                 "coupling terms (row %d, column %d) are not supported: only a diagonal field, which "
                                 "is a BUSHING", i + 1, j + 1);
    static const char *const K[6] = {"kx", "ky", "kz", "ktx", "kty", "ktz"};
    static const char *const C[6] = {"cx", "cy", "cz", "ctx", "cty", "ctz"};
    static const char *const P[6] = {"preload_x", "preload_y", "preload_z", "preload_tx", "preload_ty", "preload_tz"};
    mbs_spec_elem *e = adm_elem(c, "Force_Bushing", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "i_marker_id", adm_id(c, "I", 0));
    adm_set_int(c, e, "j_marker_id", adm_id(c, "J", 0));
    for (int i = 0; i < 6; i++) {
        double kii = k->num[7 * i];
        adm_set_num(c, e, K[i], kii);
        adm_set_num(c, e, C[i], cm ? cm->num[7 * i] : adm_num(c, "CRATIO", 0, 0) * kii);
        adm_set_num(c, e, P[i], adm_num(c, "FORCE", i, 0) + kii * adm_num(c, "LENGTH", i, 0));
    }
    return 0;
}

/* INPUTS = ALL | NONE | names joined by ':' -> mbsim's four 0/1 characters:
 * preload, reaction force, bending moment, torsional moment. */
static int friction_inputs(adm_ctx *c, const char *text, char out[5])
{
    static const char *const NAMES[4] = {"PRELOAD", "REACTION_FORCE", "BENDING_MOMENT", "TORSIONAL_MOMENT"};
    if (strcmp(text, "ALL") == 0) {
        strcpy(out, "1111");
        return 0;
    }
    strcpy(out, "0000");
    if (strcmp(text, "NONE") == 0)
        return 0;
    char *list = mbs_strdup(text);
    int bad = 0;
    for (char *w = strtok(list, ":"); w && !bad; w = strtok(NULL, ":")) {
        int k;
        for (k = 0; k < 4; k++)
            if (strncmp(NAMES[k], w, strlen(w)) == 0)
                break;
        if (k == 4)
            bad = adm_error(c, "INPUTS", "INPUTS: '%s' is not one of ALL, NONE, or PRELOAD, REACTION_FORCE, "
                                        "BENDING_MOMENT, TORSIONAL_MOMENT joined by ':'", w);
        else
            out[k] = '1';
    }
    free(list);
    return bad;
}

int adm_map_friction(adm_ctx *c, const adm_stmt *s)
{
    if (!adm_given(c, "JOINT"))
        return adm_error(c, NULL, "JOINT is needed");
    if (!adm_given(c, "MU_STATIC") || !adm_given(c, "MU_DYNAMIC"))
        return adm_error(c, NULL, "MU_STATIC and MU_DYNAMIC are needed");
    if (adm_check_refs(c, "JOINT", "JOINT") != 0)
        return -1;
    static const char *const ARG[] = {"MU_STATIC", "MU_DYNAMIC", "STICTION_TRANSITION_VELOCITY",
                                      "MAX_STICTION_DEFORMATION", "FRICTION_FORCE_PRELOAD", "FRICTION_TORQUE_PRELOAD",
                                      "FRICTION_ARM", "BENDING_REACTION_ARM", "PIN_RADIUS", "BALL_RADIUS",
                                      "REACTION_ARM", "INITIAL_OVERLAP"};
    static const char *const ATTR[] = {"mu_static", "mu_dynamic", "stiction_trans_vel", "max_stiction_deform",
                                       "force_preload", "torque_preload", "friction_arm", "bending_reaction_arm",
                                       "pin_radius", "ball_radius", "reaction_arm", "initial_overlap"};
    static const char *const UNUSED[] = {"TRANSITION_VELOCITY_COEFFICIENT", "MAX_FRICTION_FORCE", "MAX_FRICTION_TORQUE"};
    for (size_t k = 0; k < sizeof UNUSED / sizeof UNUSED[0]; k++)
        if (adm_given(c, UNUSED[k]))
            return adm_error(c, UNUSED[k], "%s is not supported by mbsim's LuGre joint friction", UNUSED[k]);
    mbs_spec_elem *e = adm_elem(c, "Force_JointFriction", s->id);
    if (!e)
        return -1;
    adm_set_int(c, e, "joint_id", adm_id(c, "JOINT", 0));
    for (size_t k = 0; k < sizeof ARG / sizeof ARG[0]; k++)
        if (adm_given(c, ARG[k]))
            adm_set_num(c, e, ATTR[k], adm_num(c, ARG[k], 0, 0));
    if (adm_given(c, "OVERLAP_DELTA"))
        adm_set(c, e, "overlap_delta", "OVERLAP_DELTA", adm_text(c, "OVERLAP_DELTA"));
    if (adm_given(c, "EFFECT"))
        adm_set(c, e, "effect", "EFFECT", adm_text(c, "EFFECT"));
    if (adm_given(c, "INACTIVE_DURING")) {
        if (strcmp(adm_text(c, "INACTIVE_DURING"), "STATIC") != 0)
            return adm_error(c, "INACTIVE_DURING", "INACTIVE_DURING = %s: only STATIC is supported",
                             adm_text(c, "INACTIVE_DURING"));
        adm_set(c, e, "inactive", "INACTIVE_DURING", "STATIC");
    }
    if (adm_given(c, "INPUTS")) {
        char inputs[5];
        if (friction_inputs(c, adm_text(c, "INPUTS"), inputs) != 0)
            return -1;
        adm_set(c, e, "inputs", "INPUTS", inputs);
    }
    int yoke = adm_choice(c, "I_YOKE|J_YOKE");
    if (yoke >= 0)
        adm_set(c, e, "yoke_choice", NULL, yoke ? "J_YOKE" : "I_YOKE");
    /* Adams' FRICTION has no bristle arguments: the canonical LuGre bristles
     * (sigma0 = 1e5 /m, sigma1 = 316 s/m, sigma2 = 0.4 s/m; MotionSolve's
     * defaults are these numbers in N-mm-s) in the dataset's units, not the
     * millimetre numbers read in a metre dataset (1000 times too soft) */
    static const struct {
        const char *attr;
        double si;
        mbs_dim dim;
    } BRISTLES[] = {{"bristle_stiffness", 1e5, DIM_INV_LENGTH},
                    {"damping_effects", 316.0, DIM_TIME_PER_LENGTH},
                    {"viscous_effects", 0.4, DIM_TIME_PER_LENGTH}};
    for (size_t k = 0; k < sizeof BRISTLES / sizeof BRISTLES[0]; k++)
        adm_set_num(c, e, BRISTLES[k].attr, BRISTLES[k].si / mbs_units_to_si(&c->spec->units, BRISTLES[k].dim));
    return 0;
}

/* ---- CONTACT ------------------------------------------------------------------ */

/* IGEOM or JGEOM onto num_X_graphics and X_graphics_id: GRAPHICS that make
 * a solid (an EXTERNAL Parasolid file, a PLANE, ... do not). */
static int contact_side(adm_ctx *c, mbs_spec_elem *e, const char *arg, const char *num_attr, const char *ids_attr)
{
    if (!adm_given(c, arg))
        return adm_error(c, NULL, "%s is needed", arg);
    if (adm_check_refs(c, arg, "GRAPHICS") != 0)
        return -1;
    const adm_val *v = adm_arg(c->cur, arg);
    mbs_buf b;
    mbs_buf_init(&b);
    for (int k = 0; k < v->n; k++) {
        int id = (int)v->num[k];
        const adm_stmt *g = adm_find(c, "GRAPHICS", id); /* id 0 passes adm_check_refs (no reference) */
        if (!g) {
            mbs_buf_free(&b);
            return adm_error(c, arg, "%s = %d: there is no GRAPHICS/%d", arg, id, id);
        }
        if (adm_graphic_not_drawn(g)) {
            mbs_buf_free(&b);
            return adm_error(c, arg, "%s = %d: GRAPHICS/%d is not a solid mbsim has (BOX, CYLINDER, FRUSTUM, SPHERE, "
                                     "ELLIPSOID)", arg, id, id);
        }
        mbs_buf_appendf(&b, "%s%d", k ? " " : "", id);
    }
    adm_set_int(c, e, num_attr, v->n);
    adm_set(c, e, ids_attr, arg, b.data);
    mbs_buf_free(&b);
    return 0;
}

int adm_map_contact(adm_ctx *c, const adm_stmt *s)
{
    static const char *const REFUSED[] = {"IFLIP_GEOMETRY", "JFLIP_GEOMETRY"};
    for (size_t k = 0; k < sizeof REFUSED / sizeof REFUSED[0]; k++)
        if (adm_given(c, REFUSED[k]))
            return adm_error(c, REFUSED[k], "%s is not supported by mbsim's contact", REFUSED[k]);
    if (adm_given(c, "TYPE") && strcmp(adm_text(c, "TYPE"), "SOLID_TO_SOLID") != 0)
        return adm_error(c, "TYPE", "TYPE = %s: only SOLID_TO_SOLID is supported", adm_text(c, "TYPE"));
    /* NORMAL_FUNCTION and FRICTION_FUNCTION are USER(...): CNFSUB and CFFSUB */
    static const char *const USER_ARGS[] = {"NORMAL_FUNCTION", "FRICTION_FUNCTION"};
    for (size_t k = 0; k < 2; k++)
        if (adm_given(c, USER_ARGS[k]) && !adm_is_user(c, USER_ARGS[k]))
            return adm_error(c, USER_ARGS[k], "%s must be USER(...) (its routine, %s)", USER_ARGS[k],
                             k ? "CFFSUB" : "CNFSUB");
    int user_normal = adm_given(c, "NORMAL_FUNCTION"), user_friction = adm_given(c, "FRICTION_FUNCTION");
    int law = user_normal ? 2 : adm_choice(c, "IMPACT|POISSON");
    if (law < 0)
        return adm_error(c, NULL, "IMPACT, POISSON or NORMAL_FUNCTION is needed");
    int friction = -1;
    if (adm_given(c, "COULOMB_FRICTION")) {
        static const char *const MODES[] = {"OFF", "ON", "DYNAMICS_ONLY"};
        for (int k = 0; k < 3; k++)
            if (strcmp(adm_text(c, "COULOMB_FRICTION"), MODES[k]) == 0)
                friction = k;
        if (friction < 0)
            return adm_error(c, "COULOMB_FRICTION", "COULOMB_FRICTION = %s: ON, OFF or DYNAMICS_ONLY",
                             adm_text(c, "COULOMB_FRICTION"));
    }
    adm_note_unused(c, "AUGMENTED_LAGRANGIAN_FORMULATION", "POISSON is a penalty law in mbsim");
    mbs_spec_elem *e = adm_elem(c, "Force_Contact", s->id);
    if (!e)
        return -1;
    if (contact_side(c, e, "IGEOM", "num_i_graphics", "i_graphics_id") != 0 ||
        contact_side(c, e, "JGEOM", "num_j_graphics", "j_graphics_id") != 0)
        return -1;
    if (user_normal) {
        adm_set(c, e, "cnf_type", "NORMAL_FUNCTION", "USERCNF");
        adm_set_user_to(c, e, "NORMAL_FUNCTION", "NORMAL_ROUTINE", "cnf");
    } else {
        adm_set(c, e, "cnf_type", law ? "POISSON" : "IMPACT", law ? "POISSON" : "IMPACT");
    }
    if (user_friction) {
        adm_set(c, e, "cff_type", "FRICTION_FUNCTION", "USERCFF");
        adm_set_user_to(c, e, "FRICTION_FUNCTION", "FRICTION_ROUTINE", "cff");
    }
    static const char *const ARG[] = {"STIFFNESS", "DAMPING", "DMAX", "EXPONENT", "PENALTY", "RESTITUTION_COEFFICIENT",
                                      "MU_STATIC", "MU_DYNAMIC", "STICTION_TRANSITION_VELOCITY",
                                      "FRICTION_TRANSITION_VELOCITY"};
    static const char *const ATTR[] = {"stiffness", "damping", "dmax", "exponent", "penalty", "restitution_coef",
                                       "mu_static", "mu_dynamic", "stiction_trans_vel", "friction_trans_vel"};
    for (size_t k = 0; k < sizeof ARG / sizeof ARG[0]; k++)
        if (adm_given(c, ARG[k]))
            adm_set_num(c, e, ATTR[k], adm_num(c, ARG[k], 0, 0));
    if (friction >= 0 && !user_friction) {
        static const char *const CFF[] = {"COULOMB_OFF", "COULOMB_ON", "COULOMB_DYNAMICONLY"};
        adm_set(c, e, "cff_type", "COULOMB_FRICTION", CFF[friction]);
    }
    return 0;
}
