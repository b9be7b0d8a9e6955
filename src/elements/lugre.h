/* The LuGre friction law normalised by the normal force (MotionSolve's
 * joint friction; docs/joint-friction.md, "The LuGre law"), for a slip
 * velocity v of 1 to 3 components and a bristle deflection z of the same
 * size:
 *
 *   s      = |v|                                 (smoothed at 0, see lugre.c)
 *   g(s)   = mu_d + (mu_s - mu_d) exp(-(s/v_s)^2)   effect All
 *          = mu_s                                   effect Stiction
 *          = mu_d                                   effect Sliding
 *   dz/dt  = v - sigma0 s z / g(s)
 *   mu     = -(sigma0 z + sigma1 dz/dt + sigma2 v)  (dimensionless, opposes v)
 *
 * sigma0 in 1/length, sigma1 and sigma2 in time/length, z a length. The
 * friction force of a channel is mu times its normal force. In steady
 * sliding dz/dt = 0 and mu = -(g(s) + sigma2 s) v/s. */
#ifndef MBS_LUGRE_H
#define MBS_LUGRE_H

typedef enum mbs_lugre_effect { MBS_LUGRE_ALL, MBS_LUGRE_STICTION, MBS_LUGRE_SLIDING } mbs_lugre_effect;

typedef struct mbs_lugre {
    double sigma0, sigma1, sigma2; /* bristle stiffness, bristle damping, viscous coefficient (SI) */
    double mu_s, mu_d;             /* static and dynamic coefficients */
    double v_s;                    /* Stribeck (stiction transition) velocity */
    mbs_lugre_effect effect;
} mbs_lugre;

/* g at slip speed^2. */
double mbs_lugre_g(const mbs_lugre *l, double speed2);

/* The largest |sigma0 z| that holds without sliding: g(0). */
double mbs_lugre_stiction(const mbs_lugre *l);

/* Bristle rate and friction coefficient of one channel of n (1..3)
 * components: slip velocity v, deflection z -> dz/dt, mu. */
void mbs_lugre_eval(const mbs_lugre *l, int n, const double *v, const double *z, double *zdot, double *mu);

/* The slopes of one scalar channel (n = 1) at slip velocity v and
 * deflection z, for a Newton matrix: d(dz/dt)/dz = -sigma0 s/g,
 * d(dz/dt)/dv = 1 - z d(sigma0 s/g)/dv, and mu's through
 * mu = -(sigma0 z + sigma1 dz/dt + sigma2 v). */
typedef struct mbs_lugre_slopes {
    double dzdot_dz, dzdot_dv, dmu_dz, dmu_dv;
} mbs_lugre_slopes;
mbs_lugre_slopes mbs_lugre_slopes_at(const mbs_lugre *l, double v, double z);

/* One scalar channel's dz/dt and mu (as mbs_lugre_eval with n = 1) and,
 * where slopes is not NULL, their slopes (as mbs_lugre_slopes_at) from the
 * same g and s: what a residual that records its slopes needs. */
void mbs_lugre_channel(const mbs_lugre *l, double v, double z, double *zdot, double *mu, mbs_lugre_slopes *slopes);

/* The slopes of a channel of n (1..3) components (as mbs_lugre_eval) at
 * slip velocity v and deflection z: with the relaxation rate
 * rho = sigma0 s / g(s), s the smoothed |v|, each component's rate reads
 * its own deflection, d(dz_k/dt)/dz_j = -rho delta_kj (dzdot_dz), and every
 * component of v, d(dz_k/dt)/dv_j = delta_kj - z_k drho/dv_j (dzdot_dv);
 * mu_k's on z_j is dmu_dz delta_kj, dmu_dz = -(sigma0 - sigma1 rho). */
typedef struct mbs_lugre_vector_slopes {
    double dzdot_dz, dmu_dz;
    double dzdot_dv[3][3];
} mbs_lugre_vector_slopes;
void mbs_lugre_vector_slopes_at(const mbs_lugre *l, int n, const double *v, const double *z,
                                mbs_lugre_vector_slopes *out);

/* The steady deflection of a channel of n components sliding at v: where
 * dz/dt = 0, z = v g(|v|) / (sigma0 s) with s the smoothed |v| (lugre.c),
 * which is v/|v| g(|v|)/sigma0 to within (eps/|v|)^2 / 2; then mu is the
 * steady sliding value -(g(|v|) + sigma2 |v|) v/|v|. Below 1e-5 of v_s the
 * channel counts as at rest and z = 0 (there the bristles take longer than
 * 1e5 times g/(sigma0 v_s) to deflect). */
void mbs_lugre_steady(const mbs_lugre *l, int n, const double *v, double *z);

/* Steady-state deflection magnitude at rest, g(0)/sigma0: the scale of z. */
double mbs_lugre_deflection_scale(const mbs_lugre *l);

#endif
