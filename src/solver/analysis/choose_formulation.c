/* The choice of formulation and linear solver (choose_formulation.h). */
#include "choose_formulation.h"
#include "../joint/joint_dae.h"
#include "../joint/joint_system.h"

#include <stdio.h>

mbs_linear_solver mbs_choose_linear_solver(const mbs_model *m)
{
    if (m->settings.linear_solver != MBS_LS_AUTO)
        return m->settings.linear_solver;
    return m->ny <= MBS_AUTO_DENSE_MAX ? MBS_LS_DENSE : MBS_LS_KLU;
}

/* Whether joint coordinates are the faster choice (choose_formulation.h). */
static int joint_pays(const mbs_model *m, const mbs_data *d)
{
    mbs_joint_outline o;
    if (mbs_joint_outline_of(m, d, &o) != 0)
        return 0;
    if (o.newton == MBS_NEWTON_DIFFERENCE && o.reaction_readers > MBS_AUTO_JOINT_FRICTION_MAX)
        return 0;
    /* a free root's coordinates are its body's absolute variables: only
     * joints' coordinates can make the joint formulation pay (one free
     * rolling coin took 1.08 times as long in joint coordinates) */
    if (o.joint_coords < MBS_AUTO_JOINT_MIN)
        return 0;
    if (o.newton == MBS_NEWTON_MASS)
        return o.kept - o.local_states <= MBS_AUTO_JOINT_MAX_OTHERS;
    return o.bodies_outside == 0 && 2 * o.coords + o.kept <= MBS_AUTO_JOINT_DENSE_MAX;
}

int mbs_choose_formulation(const mbs_model *m, mbs_data *d, const mbs_pattern *p, int sparse,
                           mbs_dae *out, const char **name, int *joint_coords, char *err, size_t size)
{
    mbs_formulation f = m->settings.formulation;
    *name = "ABSOLUTE";
    *joint_coords = -1;
    if (f == MBS_FORM_JOINT || (f == MBS_FORM_AUTO && joint_pays(m, d))) {
        *name = "JOINT";
        int coords = 0;
        *out = mbs_dae_joint(m, d, &coords);
        if (!out->self) {
            snprintf(err, size, "out of memory setting up the joint coordinates");
            return -1;
        }
        *joint_coords = coords;
        if (coords > 0)
            return 0;
        mbs_dae_free(out); /* no joint carries a body: the joint formulation is the absolute one */
    }
    *out = mbs_dae_absolute(m, d, p, sparse);
    if (!out->self) {
        snprintf(err, size, "out of memory setting up the integrator");
        return -1;
    }
    return 0;
}
