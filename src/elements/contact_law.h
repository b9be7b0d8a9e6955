/* Force_Contact's laws at one contact point (docs/contact.md): the normal
 * force from the penetration and its rate, and Adams' velocity-based
 * Coulomb friction from the slip speed. */
#ifndef MBS_CONTACT_LAW_H
#define MBS_CONTACT_LAW_H

/* ..._USER: the user's CNFSUB or CFFSUB (contact_user_law.h) */
typedef enum { MBS_CNF_IMPACT, MBS_CNF_POISSON, MBS_CNF_USER } mbs_cnf_type;
typedef enum { MBS_CFF_OFF, MBS_CFF_ON, MBS_CFF_DYNAMIC_ONLY, MBS_CFF_USER } mbs_cff_type;

typedef struct mbs_contact_law {
    mbs_cnf_type cnf;
    double k, exponent, cmax, dmax;    /* IMPACT, SI */
    double penalty, restitution, v_n;  /* POISSON, SI */
    mbs_cff_type cff;
    double mu_s, mu_d, v_s, v_d;       /* friction, SI */
} mbs_contact_law;

/* The normal force (>= 0) at penetration p > 0 entering at rate dp, and
 * the part of it a potential accounts for (the elastic force, whose work
 * is stored: k p^e for IMPACT, penalty p for POISSON). */
double mbs_contact_normal(const mbs_contact_law *law, double p, double dp, double *elastic);
/* Its potential energy at penetration p: the integral of the elastic force
 * (0 for a user law: all its work counts as non-conservative). */
double mbs_contact_potential(const mbs_contact_law *law, double p);
/* Whether the normal force and its slope by the penetration are both 0
 * at p = 0 (IMPACT with e > 1: k p^e and the damping's STEP ramp start
 * flat), so that a contact's onset leaves the equations smooth to first
 * order; not POISSON (penalty p: its slope jumps) nor IMPACT with
 * e <= 1, nor with a user's normal or friction law (CNFSUB, CFFSUB), which
 * may do anything there. */
int mbs_contact_law_smooth_at_touch(const mbs_contact_law *law);
/* The friction coefficient at slip speed s >= 0. */
double mbs_contact_mu(const mbs_contact_law *law, double s);

#endif
