/* Force_Contact's user subroutine laws (docs/contact.md): cnf_type USERCNF
 * calls the user's CNFSUB for the normal force at each contact point, and
 * cff_type USERCFF the user's CFFSUB for the friction force, with
 * MotionSolve's arguments (include/mbsim/usersub.h). */
#ifndef MBS_CONTACT_USER_LAW_H
#define MBS_CONTACT_USER_LAW_H

#include "contact_shapes.h"
#include "../model/builder.h"
#include "../usersub/routine.h"

struct mbs_eval;

typedef struct mbs_contact_user_law {
    mbs_user_routine *cnf, *cff; /* NULL: the built-in law */
} mbs_contact_user_law;

/* The routines e names (cnf_dll_name, cnf_fnc_name, cnf_param_string;
 * likewise cff_*) for the laws it asks for: 0, or -1 after reporting. */
int mbs_contact_user_law_build(mbs_builder *b, const mbs_spec_elem *e, int user_normal, int user_friction,
                               mbs_contact_user_law *u);
void mbs_contact_user_law_free(mbs_contact_user_law *u);

/* A contact point as the routines are told of it (SI, global): the pair's
 * posed shapes, the candidate, and the velocity of I's material point at
 * the contact point relative to J's: its normal part vn = n . v and its
 * tangential part vt (the slip velocity). */
typedef struct mbs_contact_user_point {
    const mbs_posed_shape *I, *J;
    const mbs_contact_point *cp;
    double vn;
    const double *vt;
} mbs_contact_user_point;

/* CNFSUB's normal force (SI, positive pushing the bodies apart). */
double mbs_contact_user_normal(const struct mbs_eval *ev, const mbs_contact_user_law *u,
                               const mbs_contact_user_point *pt);
/* CFFSUB's friction force on I (SI, global) at normal force fn (SI). */
void mbs_contact_user_friction(const struct mbs_eval *ev, const mbs_contact_user_law *u,
                               const mbs_contact_user_point *pt, double fn, double ff[3]);

#endif
