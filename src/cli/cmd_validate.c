/* mbsim validate MODEL.xml [--set NAME=VALUE]...: schema and semantic
 * checks, then a short summary of the model. */
#include "cli.h"
#include "../model/model.h"
#include "../solver/start/assemble.h"
#include "../solver/analysis/simulate.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The summary on stdout (not with -q); the redundancy warnings on stderr. */
static void summary(const mbs_model *m, int quiet)
{
    /* the run's own redundancy analysis, so the count matches what it solves */
    mbs_diags diag;
    mbs_diags_init(&diag);
    int redundant = mbs_redundant_rows(m, &diag);
    mbs_cli_print_diags(&diag, quiet);
    mbs_diags_free(&diag);
    if (quiet)
        return;
    int bodies = 0, ground = 0, joints = 0, motions = 0, forces = 0, constraints = 0;
    for (int i = 0; i < m->n_bodies; i++)
        m->bodies[i].type == MBS_BODY_GROUND ? ground++ : bodies++;
    for (int i = 0; i < m->n_comps; i++) {
        const mbs_component *c = &m->comps[i];
        if (c->kind->family == MBS_FAMILY_MOTION)
            motions++;
        else if (c->kind->family == MBS_FAMILY_FORCE)
            forces++;
        else if (strcmp(c->kind->name, "Constraint_Joint") == 0)
            joints++;
        else
            constraints++;
    }
    printf("%s: valid\n", m->path);
    printf("  bodies       %d (+%d ground)\n", bodies, ground);
    printf("  markers      %d\n", m->n_markers);
    printf("  joints       %d\n", joints);
    printf("  constraints  %d\n", constraints);
    printf("  motions      %d\n", motions);
    printf("  forces       %d\n", forces);
    printf("  sensors      %d\n", m->n_sensors);
    printf("  parameters   %d\n", m->n_params);
    printf("  analyses     %d\n", m->n_analyses);
    if (redundant > 0)
        printf("  degrees of freedom %d (%d velocity coordinates - %d constraint equations, %d of them redundant)\n",
               mbs_model_dof(m) + redundant, m->nu, mbs_model_rows_in_use(m), redundant);
    else
        printf("  degrees of freedom %d (%d velocity coordinates - %d constraint equations%s)\n", mbs_model_dof(m),
               m->nu, mbs_model_rows_in_use(m), redundant == MBS_RANK_SKIPPED ? "; too large to check for redundant ones" : "");
}

int mbs_cmd_validate(int argc, char **argv)
{
    static const struct option options[] = {{"set", required_argument, NULL, 'S'},
                                            {"strict", no_argument, NULL, 'T'},
                                            {"quiet", no_argument, NULL, 'q'},
                                            {"commands", required_argument, NULL, 'C'},
                                            {"usersub-path", required_argument, NULL, 'U'},
                                            {NULL, 0, NULL, 0}};
    int strict = 0, quiet = 0;
    const char *commands = NULL;
    mbs_overrides o = {NULL, 0};
    const char *path = NULL;
    int rc = EXIT_OK, code;
    mbs_cli_getopt_begin();
    while (rc == EXIT_OK && (code = mbs_cli_getopt(argc, argv, "validate", "q", options)) != -1) {
        switch (code) {
        case 'S': rc = mbs_cli_add_override(&o, "validate", optarg); break;
        case 'T': strict = 1; break;
        case 'q': quiet += quiet < MBS_QUIET_MAX; break;
        case 'C': commands = optarg; break;
        case 'U': rc = mbs_cli_usersub_path("validate", optarg); break;
        default: rc = EXIT_BAD_INPUT; break;
        }
    }
    if (rc == EXIT_OK) {
        path = mbs_cli_operand(argc, argv);
        if (path && optind < argc)
            rc = mbs_cli_usage_error("validate", "only one model file, please");
    }
    if (rc == EXIT_OK && !path)
        rc = mbs_cli_usage_error("validate", "no model file given");
    if (rc == EXIT_OK) {
        char *report = NULL;
        mbs_model *m = mbs_cli_load_model_with(path, commands, &o, quiet, &report);
        if (m) {
            m->settings.strict_assembly = strict;
            mbs_diags check;
            mbs_diags_init(&check);
            int check_rc = mbs_assembly_check(m, &check);
            mbs_cli_print_diags(&check, quiet);
            mbs_diags_free(&check);
            if (check_rc == 0)
                summary(m, quiet);
            else
                rc = EXIT_BAD_INPUT;
            mbs_model_free(m);
        } else {
            rc = EXIT_BAD_INPUT;
        }
        /* what of a file in another format was read, converted and refused: most useful when some was not */
        if (report && !quiet)
            printf("%s", report);
        free(report);
    }
    mbs_cli_free_overrides(&o);
    return rc;
}
