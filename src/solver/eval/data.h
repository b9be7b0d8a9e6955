/* mbs_data: everything that changes during a run, allocated in one block
 * before it starts (no allocation in the residual, Jacobian or sensor
 * paths) and released by one free (data.c). */
#ifndef MBS_DATA_H
#define MBS_DATA_H

#include "../../model/model.h"

#include <signal.h>

typedef struct mbs_body_state {
    double r[3];     /* centre of mass, global (Mass1D: r[0] = the coordinate) */
    double A[9];     /* rotation matrix, body axes -> global */
    double v[3];     /* centre-of-mass velocity, global (Mass1D: v[0]) */
    double w[3];     /* angular velocity, global */
    double wb[3];    /* angular velocity, body axes */
    double a[3];     /* centre-of-mass acceleration, global (Mass1D: a[0]) */
    double alpha[3]; /* angular acceleration, global */
    double f[3];     /* applied force, global (Mass1D: f[0] generalised force) */
    double tq[3];    /* applied torque about the centre of mass, global */
    double fc[3];    /* constraint force from the multipliers, global */
    double tqc[3];   /* constraint torque about the centre of mass, global */
    double gr[3];    /* stabilising (GGL) correction of dr/dt: sum of lin * mu */
    double gth[3];   /* stabilising correction of the rotation: sum of ang * mu, global */
} mbs_body_state;

/* A constraint row as an element wrote it during the last evaluation:
 * position-level value g(q,t) (holonomic rows), and the rate
 * dg/dt = sum over terms (lin . v + ang . w) + gt. */
typedef struct mbs_row {
    double g;
    double gt;
    mbs_jac jac;
} mbs_row;

/* What a Sensor_Event asked for (mbs_data.sensor_stop). */
enum { MBS_STOP_NONE, MBS_STOP_ANALYSIS, MBS_STOP_HALT };

typedef struct mbs_data {
    mbs_body_state *bodies; /* [n_bodies] */
    mbs_row *rows;          /* [n_rows] */
    char *row_active;       /* [n_rows] 0 for rows dropped as redundant, or not in use */
    char *row_enabled;      /* [n_rows] 0 for rows not in use (their element deactivated, a motion's
                               other type): the redundancy analysis starts from these */
    char *comp_active;      /* [n_comps] 0 for elements a Deactivate command switched off */
    mbs_solver_settings settings; /* the integrator's, as commands leave them */
    double *marker_frames;  /* [n_markers x 12] pos[3], rot[9] of each frame marker in its body
                               (the model's, as commands leave them) */
    double *disc;           /* [n_disc] discrete states of the components */
    double *var_offset;     /* [n_comps] added to a Reference_Variable component's value: a linear
                               analysis' input perturbation (0 otherwise), model units */
    char *var_held;         /* [n_comps] 1 for a plant input's Reference_Variable whose value a
                               co-simulation master gives (solver/analysis/cosim.h) ... */
    double *var_input;      /* [n_comps] ... this value, in place of its expression, model units */
    double *res_scratch;    /* [ny] residual when only kinematics are wanted */
    double *comp_power;     /* [n_comps] power reported by eval (ops power_in_eval) */
    int static_mode;        /* in a Static analysis: its equilibrium and its output row */
    int differencing;       /* the residuals are differences for a Newton matrix (user subroutines' dflag) */
    int eval_failed;        /* an element could not be evaluated (see mbs_eval_fail) */
    int eval_fatal;         /* ... and retrying cannot help (mbs_eval_fatal) */
    char eval_message[512];
    long nonfinite_count;     /* residuals found not finite so far (nonfinite.h) */
    char nonfinite_message[512]; /* ... and why the last one was */
    double t_last_step;     /* time of the last accepted step */
    /* Nonzero once the run is asked to stop (a signal): the integrator's
     * residual then fails at once, so that no step, however long, keeps a
     * stop request waiting. NULL: never. */
    volatile sig_atomic_t *stop;
    /* run-time expressions: a modify command's replacement of the model's
     * expression with that slot (NULL: the model's own), [n_tfuncs] */
    const struct mbs_tfunc **tfunc_override;
    /* scratch for the loads one component applies (mbs_component_load) */
    mbs_body_state *load_bodies; /* [n_bodies] */
    double *load_res;            /* [ny] */
    int load_depth;
    int sensor_stop;             /* MBS_STOP_*: set by an event, read by the run */
    /* Reactions a formulation supplies for joints it has no multipliers
     * for (the joint formulation's tree joints, from its backward pass),
     * while joint-local laws that read them are evaluated: [n_comps x 6]
     * the wrench on the joint's I body (moment about the global origin,
     * force), taken where joint_wrench_on [n_comps] is set; NULL
     * otherwise (mbs_joint_reaction, joints.h) */
    const double *joint_wrench;
    const char *joint_wrench_on;
    /* where not NULL [n_comps], joint-local laws whose slopes are recorded
     * (model/joints.h, MBS_SLOPES_RECORDED) write their torque and slopes
     * there at each evaluation: for a Newton matrix that takes them from
     * the residual (the joint formulation's tree block) */
    mbs_axial_slopes *axial_slopes;
    /* likewise, laws that record their slip slopes (joints.h, slip_types):
     * for the absolute formulation's fresh bristle rows */
    mbs_slip_slopes *slip_slopes;
    char stop_message[320];
} mbs_data;

mbs_data *mbs_data_create(const mbs_model *m);

/* Whether component c takes part now: not switched off by a Deactivate
 * command, nor by the analysis (an element off in Static analyses, such as
 * joint friction with inactive="STATIC", in one). Every evaluation, the
 * energy bookkeeping and every sensor ask this one question. */
static inline int mbs_component_active(const mbs_model *m, const mbs_data *d, int c)
{
    return d->comp_active[c] && !(d->static_mode && m->comps[c].off_in_static);
}
void mbs_data_free(mbs_data *d);

#endif
