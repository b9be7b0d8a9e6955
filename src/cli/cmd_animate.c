/* mbsim animate RESULTS.h5 -o FILE.glb [--at T] [--markers] [--no-glyphs]
 * The bodies' motion from /geometry as a glTF 2.0 animation (output/gltf.c). */
#include "cli.h"
#include "../core/strutil.h"
#include "../output/gltf.h"
#include "../output/results_reader.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int mbs_cmd_animate(int argc, char **argv)
{
    enum { OPT_AT = 256, OPT_MARKERS, OPT_NO_GLYPHS };
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"at", required_argument, NULL, OPT_AT},
        {"markers", no_argument, NULL, OPT_MARKERS},
        {"no-glyphs", no_argument, NULL, OPT_NO_GLYPHS},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    mbs_gltf_options o = {-INFINITY, 0, 1};
    mbs_cli_getopt_begin();
    int code;
    while ((code = mbs_cli_getopt(argc, argv, "animate", "o:", options)) != -1) {
        switch (code) {
        case 'o': output = optarg; break;
        case OPT_AT:
            if (mbs_parse_double(optarg, &o.rest_time) != 0 || !isfinite(o.rest_time))
                return mbs_cli_usage_error("animate", "--at needs a time, got '%s'", optarg);
            break;
        case OPT_MARKERS: o.markers = 1; break;
        case OPT_NO_GLYPHS: o.glyphs = 0; break;
        default: return EXIT_BAD_INPUT;
        }
    }
    const char *path = mbs_cli_operand(argc, argv);
    if (!path)
        return mbs_cli_usage_error("animate", "no results file given");
    if (optind < argc)
        return mbs_cli_usage_error("animate", "one results file, please");
    if (!output)
        return mbs_cli_usage_error("animate", "-o FILE.glb is needed");
    size_t n = strlen(output);
    if (n < 4 || strcasecmp(output + n - 4, ".glb") != 0)
        return mbs_cli_usage_error("animate", "-o %s: the name must end in .glb (binary glTF)", output);
    mbs_results r;
    char err[1024];
    if (mbs_results_open(path, &r, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim animate: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    mbs_rgeometry g;
    int rc = EXIT_OK;
    if (mbs_geometry_read(&r, &g, err, sizeof err) != 0) {
        fprintf(stderr, "mbsim animate: error: %s\n", err);
        rc = EXIT_BAD_INPUT;
    } else {
        if (!isfinite(o.rest_time))
            o.rest_time = r.n_rows > 0 ? r.time[0] : 0.0;
        if (mbs_gltf_write(output, &g, r.time, &o, err, sizeof err) != 0) {
            fprintf(stderr, "mbsim animate: error: %s\n", err);
            rc = EXIT_FAILED;
        }
        mbs_geometry_free(&g);
    }
    mbs_results_free(&r);
    return rc;
}
