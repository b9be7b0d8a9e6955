/* Joints as data: what a joint is (its type, markers, bodies, rows and the
 * discrete state that counts its turns), filled by the joint element's
 * build into its component (mbs_component.joint), and what a joint-local
 * law contributes about a joint's axis (joint friction, a torsion
 * spring-damper across a revolute joint), which the law declares through
 * its component's joint_local op. The solver reads these (the joint
 * formulation's tree, the consistent start's messages, joint friction's
 * rows of the absolute Newton matrix) and knows no element that made
 * them: a new joint-local law is one element file and its op. */
#ifndef MBS_JOINTS_H
#define MBS_JOINTS_H

/* A joint's type (Constraint_Joint's `type`: HOOKE is UNIVERSAL). */
typedef enum mbs_joint_type {
    MBS_JOINT_FIXED,
    MBS_JOINT_REVOLUTE,
    MBS_JOINT_SPHERICAL,
    MBS_JOINT_TRANSLATIONAL,
    MBS_JOINT_CYLINDRICAL,
    MBS_JOINT_UNIVERSAL,
    MBS_JOINT_PLANAR,
    MBS_JOINT_INLINE,
    MBS_JOINT_INPLANE,
    MBS_JOINT_ORIENTATION,
    MBS_JOINT_PARALLEL_AXES,
    MBS_JOINT_PERPENDICULAR,
    MBS_JOINT_FREE,
    MBS_JOINT_CONSTANT_VELOCITY,
    MBS_JOINT_RACK_PINION,
    MBS_JOINT_SCREW
} mbs_joint_type;

/* A set of joint types, as a mask. */
#define MBS_JOINT_BIT(type) (1u << (type))

/* A joint between markers I and J, J's z its free axis. Its constraint
 * rows are its component's (row_ofs, n_hrows + n_vrows). */
typedef struct mbs_joint_desc {
    mbs_joint_type type;
    int I, J;             /* marker indices (frame markers) */
    int body_i, body_j;   /* their bodies */
    unsigned length_rows; /* bit r set: row r's value g is a length (how far a point misses where
                             the joint puts it); else the sine of an angle (a product of unit axes
                             that should be 0) */
    int angle_disc;       /* which of its component's discrete states holds its turning angle,
                             continuous over turns (the count of turns follows it), or -1 */
} mbs_joint_desc;

/* The most states of a joint-local law whose slopes are recorded (joint
 * friction's two bristles: pin and end caps). */
#define MBS_AXIAL_STATES 2

/* How the Newton matrix learns a joint-local law's dependence on the
 * joint's motion:
 *   CONSTANT  T = -k theta - c w + (terms of time): k and c as declared
 *   RECORDED  T, its slopes and its states' slopes, written at each
 *             evaluation where the data asks (mbs_data.axial_slopes) */
typedef enum mbs_local_slopes { MBS_SLOPES_CONSTANT, MBS_SLOPES_RECORDED } mbs_local_slopes;

/* What a joint-local law contributes: on joints of the types in `types`,
 * its load is a torque T on I about the joint's axis (J's z) and -T on J,
 * which acts on that joint's coordinate alone and which the joint
 * formulation's Newton matrix can therefore take from its slopes (folded
 * into the tree's block: docs/theory.md, "Newton matrix"); on other joints
 * it is an ordinary load. */
typedef struct mbs_joint_local {
    int joint;           /* the joint (component index) it acts in; -1: any joint of a type in
                            `types` between its markers' bodies whose axis is its J marker's z */
    int I, J;            /* its markers */
    unsigned types;      /* MBS_JOINT_BIT of the joint types on which it is such a torque */
    unsigned fold_types; /* of those, the types on which its states (at most MBS_AXIAL_STATES,
                            RECORDED) fold into the joint's own rate row: their rates read only
                            the joint's rate, not its angle nor the normal force */
    int reads_reaction;  /* it reads its joint's reaction (mbs_joint_reaction): where a
                            formulation has no multipliers for the joint, it supplies the
                            reaction (mbs_data.joint_wrench) before evaluating the law */
    mbs_local_slopes slopes;
    double k, c;         /* CONSTANT: stiffness (N m/rad) and damping (N m s/rad) about the axis */
    unsigned slip_types; /* MBS_JOINT_BIT of the joint types (whatever `types` says) on which it records
                            its slip slopes (mbs_slip_slopes) where the data asks: the absolute
                            formulation's fresh bristle rows */
} mbs_joint_local;

/* RECORDED: the torque T on I about the axis a and its slopes at one
 * evaluation, the normal forces held at the current reaction (a Newton
 * matrix's view), with w = a.(omega_I - omega_J) the rate of I relative
 * to J about a and z_k the law's states (each state's rate reading its own
 * state only). A law switched off (a command; inactive in a Static
 * analysis) is not evaluated, and the reader treats it as all zero. */
typedef struct mbs_axial_slopes {
    int n;          /* states */
    double torque;  /* T */
    double dzdot_dz[MBS_AXIAL_STATES], dzdot_dw[MBS_AXIAL_STATES], dT_dz[MBS_AXIAL_STATES], dT_dw;
    double axis[3]; /* a in global axes */
} mbs_axial_slopes;

/* The most states of a law whose slip slopes are recorded (a spherical
 * joint's friction: three, one per slip component). */
#define MBS_SLIP_STATES 3

/* slip_types: a law whose states z_k (k < n) each follow one component of
 * its joint's slip,
 *   s_k = lin_k.(v_I(p) - v_J(p)) + ang_k.(w_I - w_J)
 * (global axes; v_X(p) the velocity of body X's material point at p, w_X
 * its angular velocity), and whose load is conjugate to those slips: on I
 * the force sum_k f_k lin_k at p and the torque sum_k f_k ang_k, on J the
 * opposite (its power sum_k f_k s_k). Its slopes at one evaluation, the
 * normal forces held at the current reaction (a Newton matrix's view), as
 * for mbs_axial_slopes. A revolute joint's pin and end caps are two slips
 * about one axis (ang_k = r_k a), a translational joint's one along it
 * (lin_0 = a), a spherical joint's three about J's axes (ang_k = r_b x_k). */
typedef struct mbs_slip_slopes {
    int n;                                         /* states = slip components */
    double point[3];                               /* p */
    double lin[MBS_SLIP_STATES][3], ang[MBS_SLIP_STATES][3];
    double dzdot_dz[MBS_SLIP_STATES];              /* z_k' on z_k (on no other state) */
    double dzdot_ds[MBS_SLIP_STATES][MBS_SLIP_STATES]; /* [k][j]: z_k' on s_j */
    double df_dz[MBS_SLIP_STATES][MBS_SLIP_STATES];    /* [k][j]: f_k on z_j */
} mbs_slip_slopes;

#endif
