/* MotionSolve commands mbsim cannot honour, refused with their reason (so
 * that a deck fails on load, with its line, rather than mid-run):
 *   Save, Load_Model, Load_Command  MotionSolve saves a model to continue it
 *                  in another run with other result files; mbsim runs one
 *                  model into one results file (several analyses in a row
 *                  already continue from each other)
 *   UserProgramControl  a vendor's compiled (or scripted) program */
#include "usersub.h"

static const mbs_attr FILE_ATTRS[] = {
    {"model_file", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "refused (see the element's description)", NULL},
    {"result_file", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "refused", NULL},
    {"anima_file", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "refused", NULL},
    {"command_file", MBS_ATTR_TEXT, NULL, DIM_NONE, 0, NULL, "refused", NULL},
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "refused", NULL},
};

static int save(mbs_builder *b, const mbs_spec_elem *e)
{
    return mbs_build_error(b, e, "Save writes the model out to continue it in another run with other result files; "
                                 "mbsim runs one model into one results file, and analyses in a row already "
                                 "continue from each other: remove Save and Load_Model");
}

static int load(mbs_builder *b, const mbs_spec_elem *e)
{
    return mbs_build_error(b, e, "%s switches to another model or command file in the middle of the run; mbsim "
                                 "runs one model into one results file: run the other file with mbsim run",
                           e->kind->name);
}

static const mbs_attr PROGRAM_ATTRS[] = {
    MBS_USERSUB_ATTRS,
    {"*", MBS_ATTR_TEXT, NULL, DIM_NONE, MBS_ANY_ATTRIBUTE, NULL, "refused", NULL},
};

static int program(mbs_builder *b, const mbs_spec_elem *e)
{
    if (mbs_refuse_user_subroutine(b, e, "CONSUB") != 0)
        return -1;
    return mbs_build_error(b, e, "runs a user program (CONSUB) in place of the commands: mbsim cannot load a "
                                 "vendor's compiled routines; write the commands into <Command>");
}

const mbs_kind mbs_kind_save = {
    "Save", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, FILE_ATTRS, MBS_COUNT_OF(FILE_ATTRS),
    "MotionSolve's command to save the model for another run: refused (mbsim runs one model into one "
    "results file; analyses in a row continue from each other).",
    save,
    NULL,
};

const mbs_kind mbs_kind_load_model = {
    "Load_Model", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, FILE_ATTRS, MBS_COUNT_OF(FILE_ATTRS),
    "MotionSolve's command to continue with a saved model: refused (run that model with mbsim run).",
    load,
    NULL,
};

const mbs_kind mbs_kind_load_command = {
    "Load_Command", MBS_FAMILY_NONE, MBS_IN_COMMAND, MBS_STAGE_ANALYSES, FILE_ATTRS, MBS_COUNT_OF(FILE_ATTRS),
    "MotionSolve's command to read commands from another file: refused (write them into <Command>).",
    load,
    NULL,
};

const mbs_kind mbs_kind_user_program_control = {
    "UserProgramControl", MBS_FAMILY_NONE, MBS_IN_MODEL | MBS_IN_COMMAND, MBS_STAGE_ANALYSES, PROGRAM_ATTRS,
    MBS_COUNT_OF(PROGRAM_ATTRS),
    "A user program (CONSUB) that drives the analyses: refused, naming its library and routine (mbsim "
    "cannot load compiled routines).",
    program,
    NULL,
};
