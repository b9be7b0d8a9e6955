/* f = R_ref (fx, fy, fz), t = R_ref (tx, ty, tz) (vector_load.h). */
#include "vector_load.h"
#include "usersub.h"
#include "../core/vec3.h"
#include "../model/tfunc.h"

#include <stdio.h>
#include <string.h>

static const char *const COMPONENTS[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};

int mbs_vector_load_build(mbs_builder *b, const mbs_spec_elem *e, mbs_vector_load *vl)
{
    memset(vl, 0, sizeof *vl);
    vl->ref = -1;
    if (mbs_spec_has(e, "ref_marker_id") && (vl->ref = mbs_ref_frame_marker(b, e, "ref_marker_id")) < 0)
        return -1;
    if (mbs_refuse_user_subroutine(b, e, "GFOSUB") != 0)
        return -1;
    int type = mbs_spec_keyword(e, "type");
    int bad = 0;
    for (int i = 0; i < 6; i++) {
        char long_name[32];
        snprintf(long_name, sizeof long_name, "%s_expression", COMPONENTS[i]);
        int plain = mbs_spec_has(e, COMPONENTS[i]), ms = mbs_spec_has(e, long_name);
        if (!plain && !ms)
            continue;
        if (plain && ms) {
            bad = mbs_build_error(b, e, "give %s or %s, not both", COMPONENTS[i], long_name);
            continue;
        }
        int is_torque = i >= 3;
        if ((type == 0 && is_torque) || (type == 1 && !is_torque)) {
            bad = mbs_build_error(b, e, "%s is given but type is %s", plain ? COMPONENTS[i] : long_name,
                                  mbs_spec_text(e, "type"));
            continue;
        }
        vl->comp[i] = mbs_build_tfunc(b, e, plain ? COMPONENTS[i] : long_name);
        if (!vl->comp[i])
            bad = -1;
    }
    if (bad)
        mbs_vector_load_free(vl);
    return bad ? -1 : 0;
}

void mbs_vector_load_eval(const mbs_eval *ev, const mbs_vector_load *vl, double f[3], double t[3])
{
    double local[6];
    for (int i = 0; i < 6; i++)
        local[i] = vl->comp[i] ? mbs_eval_tfunc(ev, vl->comp[i]) : 0.0;
    if (vl->ref < 0) {
        v3_copy(f, local);
        v3_copy(t, local + 3);
        return;
    }
    double R[9];
    mbs_marker_axes(ev, vl->ref, R);
    m3_mul_v(f, R, local);
    m3_mul_v(t, R, local + 3);
}

void mbs_vector_load_free(mbs_vector_load *vl)
{
    for (int i = 0; i < 6; i++) {
        mbs_tfunc_free(vl->comp[i]);
        vl->comp[i] = NULL;
    }
}
