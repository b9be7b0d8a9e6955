/* Friction and limit stops of Force_CoordinateSpringDamperExt (Exudyn's
 * ObjectConnectorCoordinateSpringDamperExt), on the relative coordinate q
 * and its rate v, with the discrete modes that make them events. The
 * equations are in coordinate_friction.c and docs/connectors.md. */
#ifndef MBS_COORDINATE_FRICTION_H
#define MBS_COORDINATE_FRICTION_H

typedef enum mbs_cfric_model {
    MBS_CFRIC_NONE,        /* no friction force */
    MBS_CFRIC_REGULARISED, /* Stribeck law, linear within |v| <= v_reg: no modes */
    MBS_CFRIC_BRISTLE      /* stick (bristle spring) / slip (Stribeck law) modes */
} mbs_cfric_model;

typedef struct mbs_cfric {
    mbs_cfric_model model;
    double f_d, f_so, f_v;  /* dynamic friction, static friction offset, viscous coefficient */
    double v_exp, v_reg;    /* Stribeck decay velocity, regularisation (proportional zone) */
    double k_mu, d_mu;      /* bristle (sticking) stiffness and damping */
    int stops;              /* limit stops in use */
    double s_lower, s_upper, k_lim, d_lim;
    /* root functions: friction [root_friction, +2), stops [root_stops, +2); -1 = none */
    int root_friction, root_stops, n_roots;
} mbs_cfric;

/* Discrete state (Exudyn's data node): indices into the element's mbs_disc. */
enum {
    MBS_CFRIC_MODE,     /* 0 stick, +1 / -1 slip in that direction */
    MBS_CFRIC_XLSP,     /* last sticking position */
    MBS_CFRIC_CONTACT,  /* 0 free, +1 upper stop, -1 lower stop */
    MBS_CFRIC_N_DISC
};

/* Chooses the friction model from the parameters and lays out the roots. */
void mbs_cfric_setup(mbs_cfric *f);

/* The Stribeck law S(v) (odd in v). */
double mbs_cfric_stribeck(const mbs_cfric *f, double v);

/* Friction and contact force in the current modes; *conservative gets the
 * part of it that derives from a potential (the stop's spring). */
double mbs_cfric_force(const mbs_cfric *f, const double *disc, double q, double v, double *conservative);
/* Potential energy of the stop's spring in the current contact mode. */
double mbs_cfric_potential(const mbs_cfric *f, const double *disc, double q);

/* Initial modes from the initial friction mode and sticking position, made
 * consistent with q and v (see the .c file). */
void mbs_cfric_init(const mbs_cfric *f, double *disc, int mode, double x_lsp, double q, double v);

/* Root functions, each positive while its mode holds and falling through
 * zero at the switch (so IDA watches falling crossings only). */
void mbs_cfric_roots(const mbs_cfric *f, const double *disc, double q, double v, double *g);

/* Switches the modes whose root fell through zero (fired < 0). Writes the
 * names of the events into kinds (at most 3) and returns their number. */
int mbs_cfric_switch(const mbs_cfric *f, double *disc, double q, double v, const int *fired, const char **kinds);

/* Exudyn's data-node view: [0 or the signed slip force, x_lsp, 0 or the
 * signed penetration of the stop]. */
void mbs_cfric_state(const mbs_cfric *f, const double *disc, double q, double v, double out[3]);

#endif
