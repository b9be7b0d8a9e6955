/* Element kinds: each XML element the format knows is described once, by a
 * table of attributes (type, default, dimension, required) and a build
 * function. The table drives reading, checking, defaults, the XML schema and
 * the reference documentation; the build function turns one element of the
 * file into parts of the compiled model. Adding an element kind means one
 * new file that defines an mbs_kind and one line in registry.c. */
#ifndef MBS_KIND_H
#define MBS_KIND_H

#include "../core/units.h"

#include <stddef.h>

typedef enum mbs_attr_type {
    MBS_ATTR_REAL,    /* number or expression over parameters; converted to SI */
    MBS_ATTR_INT,     /* integer literal */
    MBS_ATTR_ID,      /* positive integer: an element id or a reference to one */
    MBS_ATTR_BOOL,    /* TRUE | FALSE */
    MBS_ATTR_KEYWORD, /* one of `choices` ('|' separated), case-insensitive */
    MBS_ATTR_TEXT,    /* free text */
    MBS_ATTR_EXPR     /* expression of run-time variables (`choices` lists them, e.g. "t"),
                         compiled by the element; a plain number is an expression too */
} mbs_attr_type;

enum {
    MBS_REQUIRED = 1 << 0,
    MBS_ANGLE = 1 << 1,   /* value is an angle: radians (documentation only) */
    MBS_IGNORED = 1 << 2, /* accepted for MotionSolve files, no effect (a note says so) */
    MBS_CONTENT = 1 << 3, /* not an attribute: the element's text (numbers of a Reference_Array...) */
    MBS_ANY_ATTRIBUTE = 1 << 4, /* not an attribute: any attribute not in the table is accepted and
                                   ignored (settings of output files mbsim does not write); with
                                   `choices`, only by elements whose `type` is one of them (the
                                   Post_Graphic types mbsim does not draw) */
    MBS_BY_COMMAND = 1 << 5, /* a modify command of the kind (MBS_MODIFIABLE) may give it, besides
                                the kind's expressions (EXPR), id and label */
};

typedef struct mbs_attr {
    const char *name;    /* lower-case, as written in the XML */
    mbs_attr_type type;
    const char *def;     /* default as text, NULL = absent unless given */
    mbs_dim dim;         /* for REAL and EXPR */
    unsigned flags;
    const char *choices; /* KEYWORD: allowed words; EXPR: run-time variable names */
    const char *doc;     /* one line for the reference documentation */
    const char *(*choices_fn)(void); /* KEYWORD lists kept elsewhere (unit names) */
} mbs_attr;

/* An attribute every element accepts without a table entry: MotionView's
 * full name of the element (no effect). */
#define MBS_FULL_LABEL "full_label"

/* The allowed words of a KEYWORD attribute ('|' separated). */
const char *mbs_attr_choices(const mbs_attr *a);

/* What a reference names by its sort (SPEC 1): a body_id any body, a
 * *_marker_id any marker, a Sensor of type FORCE any force. Ids are unique
 * per element name (kind), not per family: two elements of a family may
 * share an id, and a reference that could then mean either is an error. */
typedef enum mbs_family {
    MBS_FAMILY_NONE,
    MBS_FAMILY_BODY,
    MBS_FAMILY_MARKER,
    MBS_FAMILY_CONSTRAINT,
    MBS_FAMILY_MOTION,
    MBS_FAMILY_FORCE,
    MBS_FAMILY_SENSOR,
    MBS_FAMILY_GRAPHIC,
    MBS_FAMILY_VARIABLE,   /* Reference_Variable */
    MBS_FAMILY_ARRAY,      /* Reference_Array */
    MBS_FAMILY_STRING,     /* Reference_String */
    MBS_FAMILY_SPLINE,     /* Reference_Spline */
    MBS_FAMILY_DIFF,       /* Control_Diff */
    MBS_FAMILY_EVENT,      /* Sensor_Event */
    MBS_FAMILY_PLANT_INPUT,  /* Control_PlantInput */
    MBS_FAMILY_PLANT_OUTPUT, /* Control_PlantOutput */
    MBS_FAMILY_MATRIX,     /* Reference_Matrix */
    MBS_FAMILY_STATE_EQN,  /* Control_StateEqn */
    MBS_FAMILY_SISO,       /* Control_SISO */
    MBS_FAMILY_COUNT
} mbs_family;

/* Where an element may stand. */
enum {
    MBS_IN_PARAMETERS = 1 << 0,
    MBS_IN_MODEL = 1 << 1,
    MBS_IN_COMMAND = 1 << 2,
    MBS_AT_ROOT = 1 << 3, /* directly inside the root element, before <Model>, read as if in <Model>
                             (MotionView writes <Messaging> there) */
    MBS_MODIFIABLE = 1 << 4, /* MotionSolve's modify command: the kind's element in <Command> changes
                                the model's element of that id for the analyses that follow (its
                                expressions and its attributes flagged MBS_BY_COMMAND); the kind's
                                build sees it as an element with `modify` set and hands it to
                                elements/modify_commands.c */
};

/* Build stages: elements are built stage by stage (then in file order), so
 * that whatever an element refers to exists when it is built. */
typedef enum mbs_stage {
    MBS_STAGE_SETTINGS,   /* units, solver settings */
    MBS_STAGE_DATA,       /* variables, arrays, splines, differential equations: exist before
                             anything whose expressions read them (their own expressions are
                             compiled later, mbs_builder_defer) */
    MBS_STAGE_BODIES,
    MBS_STAGE_MARKERS,
    MBS_STAGE_JOINTS,     /* elements that define joint coordinates */
    MBS_STAGE_COORDINATE_MARKERS,
    MBS_STAGE_ELEMENTS,   /* other constraints, motions, forces */
    MBS_STAGE_SENSORS,
    MBS_STAGE_ANALYSES,
    MBS_STAGE_COUNT
} mbs_stage;

struct mbs_builder;
struct mbs_spec_elem;

typedef struct mbs_kind {
    const char *name;  /* XML element name, case-sensitive */
    mbs_family family;
    unsigned placement;
    mbs_stage stage;
    const mbs_attr *attrs;
    int n_attrs;
    const char *doc;   /* a paragraph for the reference documentation */
    /* Adds the element to the model under construction; reports problems
     * through the builder and returns 0, or -1 when the element is unusable
     * (-1 with nothing reported is taken for out of memory: the compiler
     * says so, naming the element). */
    int (*build)(struct mbs_builder *b, const struct mbs_spec_elem *e);
    /* MotionSolve's element_type keywords that name this kind ('|'
     * separated, its own first; NULL for none): Deactivate and Activate
     * take them, the expression functions of the same names (JOINT(id),
     * BUSH(id), ...) read the kinds they name, FORCE names every action
     * force. */
    const char *element_types;
} mbs_kind;

#define MBS_COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Whether a modify command of kind k may give attribute attr (0 when the
 * kind has none: not MBS_MODIFIABLE). */
int mbs_command_may_change(const mbs_kind *k, const char *attr);

const mbs_attr *mbs_kind_attr(const mbs_kind *k, const char *name);
int mbs_kind_attr_index(const mbs_kind *k, const char *name);
const char *mbs_family_name(mbs_family f);
/* Whether MotionSolve's element_type keyword `type` names kind k. */
int mbs_kind_has_type(const mbs_kind *k, const char *type);

/* "Kind 7 (label 'x')" (the id left out when 0, the label when NULL): how
 * messages and events name an element. The label is shown escaped and cut
 * (mbs_str_shown). */
void mbs_describe_element(char *out, size_t size, const char *kind, int id, const char *label);

#endif
