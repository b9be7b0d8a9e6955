/* Help texts: `mbsim --help` and `mbsim help COMMAND` (docs/cli.md says the same). */
#include "cli.h"
#include "../output/results_writer.h"
#include "../solver/dae/sundials_compat.h"

#include <stdio.h>
#include <string.h>

static const char OVERVIEW[] =
    "mbsim - multibody dynamics simulator\n"
    "\n"
    "usage: mbsim COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  run MODEL.xml           simulate and write the results file (HDF5)\n"
    "  validate MODEL.xml      check a model and print a summary\n"
    "  sweep MODEL.xml         run a model over a grid of parameter values\n"
    "  fmu MODEL.xml           the model as a co-simulation FMU (FMI 2.0 or 3.0)\n"
    "  info RESULTS.h5         what a results file holds: status, sensors, eigenvalues, statistics\n"
    "  export RESULTS.h5       sensors as CSV\n"
    "  plot RESULTS.h5...      sensors as a picture (PNG, SVG, PDF)\n"
    "  animate RESULTS.h5      the motion as a glTF 2.0 animation (.glb)\n"
    "  compare REF.h5 NEW.h5   compare two results files within tolerances\n"
    "  recover RESULTS.h5      make a file left by a killed run an ordinary file\n"
    "  schema                  print the XML schema of the model format\n"
    "  reference               print the element reference (Markdown)\n"
    "  help COMMAND            details of one command\n"
    "\n"
    "  mbsim --version         print the version\n"
    "\n"
    "exit status: 0 success, 1 the run failed or the files differ, 2 bad input\n"
    "(no results file is written), 130 / 143 interrupted by SIGINT / SIGTERM\n";

static const char RUN[] =
    "usage: mbsim run MODEL.xml [-o OUT.h5] [--set NAME=VALUE]... [--end-time T]\n"
    "                 [--print-interval DT] [--rtol R] [--atol A]\n"
    "                 [--linear-solver auto|dense|klu] [--formulation auto|absolute|joint]\n"
    "                 [--dae-interpolation true|false] [--strict] [--quiet]\n"
    "                 [--commands FILE.acf] [--usersub-path DIR]...\n"
    "\n"
    "Runs the model's analyses (<Simulate> commands; without any, a transient to t = 1)\n"
    "and writes every sensor at every output time to OUT.h5 (default: the model's base\n"
    "name with .h5, in the current directory).\n"
    "\n"
    "  -o, --output FILE      results file\n"
    "  --set NAME=VALUE       override a <Parameter> (repeatable)\n"
    "  --end-time T           end of the last transient analysis (model time units)\n"
    "  --print-interval DT    output spacing of every transient analysis\n"
    "  --rtol R, --atol A     integrator tolerances (atol in model length units)\n"
    "  --linear-solver S      auto (default), dense or klu\n"
    "  --formulation F        coordinates of transients: auto (default), absolute,\n"
    "                         or joint (joint coordinates for kinematic trees)\n"
    "  --dae-interpolation B  true (default): output rows from the integrator's\n"
    "                         interpolant (no steps spent on output times); false:\n"
    "                         it steps onto each (Param_Transient dae_interpolation)\n"
    "  --strict               a body moved by the start's assembly further than\n"
    "                         the limit is an error, not a warning (exit 2)\n"
    "  --usersub-path DIR     look for user subroutine libraries in DIR after the\n"
    "                         model's directory (repeatable; then MBSIM_USERSUB_PATH)\n"
    "  -q, --quiet            no progress line, notes or summary: warnings and\n"
    "                         errors only; -qq (--quiet twice): errors only\n"
    "  --commands FILE.acf    an Adams command file for an Adams dataset MODEL.adm\n"
    "\n"
    "MODEL may be an Adams dataset (.adm) or command file (.acf, whose first line\n"
    "names the dataset): docs/adams.md.\n"
    "\n"
    "The positions the model gives are first made to satisfy the constraints;\n"
    "a note names the bodies that moved most, and a move beyond the limit\n"
    "(Param_Transient assembly_move_limit, default 1 % of the model's size) is a\n"
    "warning naming the constraint furthest from closed: a misplaced marker. A\n"
    "start that cannot be assembled is bad input (exit 2, no results file): the\n"
    "error names the loop that cannot close and how far apart its markers stay.\n"
    "\n"
    "On a terminal a progress line shows on stderr (simulated time, percent, steps,\n"
    "steps per second, ETA). SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2 and SIGXCPU\n"
    "end the run cleanly: the results so far are kept with status \"interrupted\";\n"
    "a second signal within 2 s of the first is the same request.\n"
    "The file is written as the run goes (flushed at least once a second) and can\n"
    "be read meanwhile, e.g. with 'mbsim info'.\n"
    "\n"
    "exit status: 0 completed, 1 the run failed (results kept, status \"failed\"),\n"
    "2 bad input (no results file, or the output would be the model),\n"
    "128 + N interrupted by signal N (130 SIGINT, 143 SIGTERM)\n";

static const char VALIDATE[] =
    "usage: mbsim validate MODEL.xml [--set NAME=VALUE]... [--strict] [--quiet]\n"
    "                      [--commands FILE.acf] [--usersub-path DIR]...\n"
    "\n"
    "Checks the model against the schema and for semantic errors (dangling ids, bad\n"
    "inertia, ...), reporting every problem as 'file:line: error: ...', then prints a\n"
    "summary: bodies, markers, joints, forces, sensors, degrees of freedom\n"
    "(constraint equations that repeat others, as in planar loops of revolute\n"
    "joints, are found as a run finds them, warned about and not counted), and\n"
    "what the start's assembly moves, as 'mbsim run' reports it; a start that\n"
    "cannot be assembled is invalid, the error naming the loop that cannot close.\n"
    "For an Adams dataset (.adm, .acf) it ends with a table of the statements read,\n"
    "converted, of no effect and refused.\n"
    "\n"
    "  --set NAME=VALUE       override a <Parameter> (repeatable)\n"
    "  --strict               an assembly move beyond the limit is an error\n"
    "  --usersub-path DIR     where user subroutine libraries are, as for a run;\n"
    "                         they are loaded and make their iflag calls\n"
    "  -q, --quiet            no summary or notes: warnings and errors only (the\n"
    "                         exit status says whether the model is valid);\n"
    "                         -qq (--quiet twice): errors only\n"
    "  --commands FILE.acf    an Adams command file for an Adams dataset MODEL.adm\n"
    "\n"
    "exit status: 0 valid, 2 invalid\n";

static const char FMU[] =
    "usage: mbsim fmu MODEL.xml|DATASET.adm [--commands FILE.acf] [-o OUT.fmu]\n"
    "                 [--fmi 2|3] [--set NAME=VALUE]... [--output-column SENSOR[.COLUMN]]...\n"
    "                 [--usersub-path DIR]... [--quiet]\n"
    "\n"
    "Writes a co-simulation FMU of the model for Linux x86-64 (docs/fmi.md): an FMI\n"
    "2.0 or 3.0 modelDescription.xml, the FMU binary (mbsim itself) with the\n"
    "libraries it needs beside it, and the model under resources/. Its inputs are\n"
    "the Reference_Variables of the Control_PlantInputs (the importer's value\n"
    "replaces the variable's expression, held over each step), its outputs those of\n"
    "the Control_PlantOutputs and the sensor columns asked for (with their units),\n"
    "its parameters the model's <Parameter>s (set before\n"
    "initialisation; the FMU compiles the model again with them), and the string\n"
    "parameter mbsim_results_file names a results file for the FMU to write. It\n"
    "integrates with the settings of the model's first Transient, after the\n"
    "analyses before it (a Static finds the starting equilibrium).\n"
    "\n"
    "  -o, --output FILE      the FMU (default: the model's base name with .fmu);\n"
    "                         its base name is the modelIdentifier\n"
    "  --fmi 2|3              FMI 2.0 (default) or FMI 3.0\n"
    "  --set NAME=VALUE       override a <Parameter> (repeatable): its start value\n"
    "  --output-column SENSOR.COLUMN, --output-column SENSOR\n"
    "                         a sensor column (or all of a sensor's) as an output,\n"
    "                         named as mbsim export names it (repeatable)\n"
    "  --usersub-path DIR     where user subroutine libraries are, as for a run;\n"
    "                         each library the model opens is packed in the FMU\n"
    "  --commands FILE.acf    an Adams command file for an Adams dataset: its\n"
    "                         transient is the FMU's (packed with the dataset;\n"
    "                         PINPUT and POUTPUT are the ports)\n"
    "  -q, --quiet            no summary or notes: warnings and errors only\n"
    "\n"
    "A model with no plant input or output exports its parameters only (a note\n"
    "says so); a model without a Transient analysis is refused.\n"
    "\n"
    "exit status: 0 written, 1 the FMU could not be written (or the FMU binary\n"
    "was not built: make), 2 bad input (nothing written)\n";

static const char SWEEP[] =
    "usage: mbsim sweep MODEL.xml --vary NAME=VALUES [--vary NAME=VALUES]...\n"
    "                   [-j JOBS] [-o DIR] [--emit-commands] [--set NAME=VALUE]...\n"
    "                   [--summary SUMMARY]... [--end-time T]\n"
    "                   [--print-interval DT] [--rtol R] [--atol A]\n"
    "                   [--linear-solver S] [--usersub-path DIR]... [--quiet]\n"
    "       mbsim sweep --collect DIR [--summary SUMMARY]... [--quiet]\n"
    "\n"
    "Runs the model at every point of the Cartesian product of the --vary values\n"
    "(the last --vary changes fastest), each point an 'mbsim run' of its own, up\n"
    "to JOBS at once. Every point writes DIR/MODEL_NNN.h5; DIR/sweep.csv has one\n"
    "row per point: index, the values, status, exit_code, wall_time_s, file,\n"
    "message. A failed point does not stop the others; its output is kept in\n"
    "DIR/MODEL_NNN.log.\n"
    "\n"
    "  --vary NAME=V1,V2,...          these values (numbers or expressions)\n"
    "  --vary NAME=START:STOP:COUNT   COUNT evenly spaced values, ends included\n"
    "  -j, --jobs JOBS        points run at once (default: the cores available)\n"
    "  -o, --output DIR       where the files go (default: MODEL_sweep)\n"
    "  --emit-commands        print one 'mbsim run' command per point instead of\n"
    "                         running them (GNU parallel, a Slurm job array);\n"
    "                         DIR and DIR/sweep.csv (status pending) are created;\n"
    "                         mbsim is called by its absolute path unless it is\n"
    "                         the mbsim found on PATH\n"
    "  --collect DIR          rebuild DIR/sweep.csv from the results files the\n"
    "                         emitted commands left (status, exit_code,\n"
    "                         wall_time_s, message; 'missing' without a file);\n"
    "                         without a sweep.csv, the rows and values too, from\n"
    "                         the parameters each file records; the summary\n"
    "                         columns sweep.csv has are kept, recomputed\n"
    "  --summary SUMMARY      SENSOR:COLUMN:STAT or SENSOR:COLUMN:STAT@T0:T1:\n"
    "                         a column of sweep.csv, STAT of that column of\n"
    "                         each point's file, over the output rows, or over\n"
    "                         those with T0 <= t <= T1 (model time units; leave\n"
    "                         T0 or T1 out for the run's start or end: max@2:);\n"
    "                         STAT is max, min, absmax (the largest |value|),\n"
    "                         last or mean; the sensor and column must be the\n"
    "                         model's (with --collect, the files'); repeatable\n"
    "  --set NAME=VALUE       a fixed parameter value for every point\n"
    "  --end-time, --print-interval, --rtol, --atol, --linear-solver, --usersub-path\n"
    "                         handed on to every 'mbsim run'\n"
    "  -q, --quiet            no progress line, notes or summary: warnings (the\n"
    "                         model's, points that failed) and errors only;\n"
    "                         -qq (--quiet twice): errors only. The points run\n"
    "                         with --quiet: their warnings are in their logs\n"
    "\n"
    "The model must be valid as written (with the --set values) and declare every\n"
    "varied parameter, else nothing runs. On a terminal a progress line shows the\n"
    "points done and failed. SIGINT or SIGTERM stop the sweep: running points end\n"
    "with status \"interrupted\", the rest are \"not run\".\n"
    "\n"
    "exit status: 0 every point completed, 1 some point did not, 2 bad input\n"
    "(nothing run or written: an invalid model, a --summary of no sensor or\n"
    "column; --collect: neither a sweep.csv nor results files of a sweep in\n"
    "DIR), 130 / 143 interrupted\n";

static const char INFO[] =
    "usage: mbsim info RESULTS.h5 [--events]\n"
    "\n"
    "Prints what a results file holds: status and message, model file, creation,\n"
    "rows and time range, parameters, sensors with their columns and units, the\n"
    "number of events of each kind, the analyses run (kind, time, rows, status),\n"
    "the eigenvalues of each linear analysis, solver statistics. Works on a file\n"
    "that is still being written, and on one whose run was killed (status\n"
    "\"running\").\n"
    "\n"
    "  --events               list every event: time, element, kind\n"
    "\n"
    "exit status: 0 read, 2 not a readable results file\n";

static const char EXPORT[] =
    "usage: mbsim export RESULTS.h5 [SENSOR...] [--csv] [-o FILE]\n"
    "\n"
    "Writes the time and the given sensors (default: all) as CSV: a header line\n"
    "'time [s],sensor.column [unit],...', then one line per output time. Numbers\n"
    "read back exactly; NaN and infinities are written nan, inf, -inf.\n"
    "\n"
    "  --csv                  CSV (the only format, the default)\n"
    "  -o, --output FILE      write FILE instead of standard output\n"
    "\n"
    "exit status: 0 written, 1 the output could not be written, 2 bad input\n"
    "(unreadable file, unknown sensor)\n";

static const char PLOT[] =
    "usage: mbsim plot RESULTS.h5... [SENSOR[:COLUMN]]... -o FILE.png|svg|pdf\n"
    "                  [--x SENSOR:COLUMN] [--size WIDTHxHEIGHT]\n"
    "\n"
    "Draws the given sensors (default: every sensor of the first file), one panel\n"
    "each, against time: every column of a sensor, or the one named. The axes\n"
    "carry the units written in the file; the events of each file are dotted\n"
    "verticals. Several files are overlaid, one dash pattern each and named in\n"
    "the legend (a reference and a new run, the points of a sweep). An operand\n"
    "that ends in .h5 or names a file is a results file, the others sensors.\n"
    "\n"
    "  -o, --output FILE      the picture; its extension says the format\n"
    "  --x SENSOR:COLUMN      that column as the x axis instead of time (a phase\n"
    "                         plot)\n"
    "  --size WxH             the page in pixels (PNG) or points (SVG, PDF);\n"
    "                         default 1000 wide, 260 high per panel (500 for one)\n"
    "\n"
    "exit status: 0 written, 1 the picture could not be written, 2 bad input\n"
    "(unreadable file, unknown sensor or column, another format)\n";

static const char ANIMATE[] =
    "usage: mbsim animate RESULTS.h5 -o FILE.glb [--at T] [--markers] [--no-glyphs]\n"
    "\n"
    "Writes the motion of the bodies as a glTF 2.0 animation (binary .glb), which\n"
    "Blender, ParaView, F3D and web glTF viewers open: every body a node with its\n"
    "shapes (Post_Graphic, else its inertia ellipsoid), translation and rotation\n"
    "keyframes at every output time; joints as short cylinders along J's z axis,\n"
    "force elements as lines between their markers. Metres and seconds; the\n"
    "model stands up: its up (against gravity, +z without gravity) is turned\n"
    "onto glTF's +y by one rotation of the whole scene.\n"
    "\n"
    "  -o, --output FILE      the .glb file\n"
    "  --at T                 the pose the scene shows where the animation is not\n"
    "                         played (default: the first output time)\n"
    "  --markers              also draw Post_Graphic markers (their axes)\n"
    "  --no-glyphs            leave out the joint and force glyphs\n"
    "\n"
    "exit status: 0 written, 1 the file could not be written, 2 bad input\n"
    "(unreadable results file, one without /geometry)\n";

static const char COMPARE[] =
    "usage: mbsim compare REF.h5 NEW.h5 [--rtol R] [--atol A] [--scaled-atol S]\n"
    "                     [--sensor NAME]... [--bodies] [--interpolate] [--time-tol T]\n"
    "                     [--quiet]\n"
    "\n"
    "Compares every column of every sensor of NEW with REF: values agree when\n"
    "|NEW - REF| <= A + R |REF|; NaN never agrees with a number (two NaNs agree).\n"
    "Also reported as differences: another status, missing or extra sensors,\n"
    "other columns or units, and another time grid (then values are compared\n"
    "only with --interpolate). Prints a table of the worst column per sensor:\n"
    "largest absolute and relative error and the time of the worst value.\n"
    "Notes, not differences: other model sources, other parameter values (each\n"
    "named with both values), other events.\n"
    "\n"
    "  --rtol R               relative tolerance (default 1e-6)\n"
    "  --atol A               absolute tolerance, in each column's unit (default 1e-9)\n"
    "  --scaled-atol S        add S times the column's largest |REF| to A (default 0):\n"
    "                         judges a value near zero against the column's range\n"
    "  --sensor NAME          compare only this sensor (repeatable)\n"
    "  --bodies               compare the bodies' motion (x y z e0 e1 e2 e3 of each\n"
    "                         moving body, by its name, from /geometry/bodies) in\n"
    "                         place of the sensors: two models of one system whose\n"
    "                         sensors differ, e.g. an XML model and its Adams dataset\n"
    "  --interpolate          if the time grids differ, compare at REF's times\n"
    "                         within NEW's time range, NEW interpolated linearly\n"
    "  --time-tol T           times closer than T are the same (default 1e-9\n"
    "                         times REF's largest |t|)\n"
    "  -q, --quiet            print only the result line (it names the sensors\n"
    "                         that differ); -qq (--quiet twice): nothing, the\n"
    "                         exit status says it\n"
    "\n"
    "exit status: 0 equal, 1 different, 2 bad input (unreadable file, a sensor\n"
    "in neither file)\n";

static const char RECOVER[] =
    "usage: mbsim recover RESULTS.h5 [--force]\n"
    "\n"
    "Makes a file left by a killed run (kill -9, a crash: status \"running\", marked\n"
    "as open for writing, which h5py, MATLAB and the HDF5 tools refuse) an ordinary,\n"
    "compact file with every row it holds, status \"killed\" and a message saying\n"
    "when. A file whose run still goes is left alone; an ordinary file is left as\n"
    "it is.\n"
    "\n"
    "  --force                recover a file written on another host (its run may\n"
    "                         still go there: only when it was killed), or whose\n"
    "                         writer's process number is now another process's\n"
    "\n"
    "exit status: 0 recovered or nothing to do, 1 the copy could not be written\n"
    "(the file is left as it was), 2 bad input (unreadable file, run still going)\n";

static const char SCHEMA[] =
    "usage: mbsim schema\n"
    "\n"
    "Prints the XML schema (XSD) of the model format, generated from the element\n"
    "tables; schemas/mbsim.xsd is this output.\n";

static const char REFERENCE[] =
    "usage: mbsim reference\n"
    "\n"
    "Prints the reference of every element kind (attributes, types, defaults,\n"
    "dimensions) in Markdown, generated from the element tables; docs/elements.md\n"
    "is this output.\n";

static const char HELP[] =
    "usage: mbsim help [COMMAND]\n"
    "\n"
    "Prints the help of COMMAND, or the list of commands.\n";

typedef struct help_entry {
    const char *command;
    const char *text;
} help_entry;

static const help_entry ENTRIES[] = {
    {"run", RUN},
    {"fmu", FMU},
    {"validate", VALIDATE},
    {"sweep", SWEEP},
    {"info", INFO},
    {"export", EXPORT},
    {"plot", PLOT},
    {"animate", ANIMATE},
    {"compare", COMPARE},
    {"recover", RECOVER},
    {"schema", SCHEMA},
    {"reference", REFERENCE},
    {"help", HELP},
};

const char *mbs_help_text(const char *command)
{
    if (!command)
        return OVERVIEW;
    for (size_t i = 0; i < sizeof ENTRIES / sizeof ENTRIES[0]; i++)
        if (strcmp(ENTRIES[i].command, command) == 0)
            return ENTRIES[i].text;
    return NULL;
}

int mbs_cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        fputs(OVERVIEW, stdout);
        return EXIT_OK;
    }
    const char *text = mbs_help_text(argv[1]);
    if (!text) {
        fprintf(stderr, "mbsim help: error: unknown command '%s' (see 'mbsim --help')\n", argv[1]);
        return EXIT_BAD_INPUT;
    }
    fputs(text, stdout);
    return EXIT_OK;
}

void mbs_cli_print_version(void)
{
    printf("mbsim %s\n", MBS_VERSION_STRING);
    printf("built with SUNDIALS %s, HDF5 %s, libxml2 %s\n", mbs_sundials_version(), mbs_hdf5_version(),
           mbs_xml_library_version());
}
