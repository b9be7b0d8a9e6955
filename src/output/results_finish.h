/* Finishing a results file after its run: the summary (status, message,
 * solver statistics) and a compact copy.
 *
 * Why a copy: while the run goes, every flush rewrites the last, partly
 * filled compressed chunk of each dataset to a new place in the file (SWMR
 * never reuses the old one), so a long run leaves much of its file as dead
 * space (when events were flushed at once, 770 kB for 65 kB of data in a
 * stick-slip model). Copying the objects into a new file and renaming it
 * over the old one drops that space, and needs no write access to the old
 * file: SWMR readers that still hold it keep reading the old, consistent
 * version and see the summary when they reopen. */
#ifndef MBS_RESULTS_FINISH_H
#define MBS_RESULTS_FINISH_H

#include "results_writer.h"

#include <hdf5.h>

/* Replaces the closed results file `path` by a compact copy carrying the
 * summary; if the copy cannot be made, or there is no room for it (the
 * disk nearly full), writes the summary into the file in place. Returns 0
 * or -1. */
int mbs_results_finish(const char *path, const mbs_results_summary *s);

/* Bytes that may still be written to the file `path`: the space left on its
 * file system for an unprivileged user, and under a file-size limit
 * (ulimit -f); INFINITY when unknown. */
double mbs_results_room(const char *path);

/* What a run keeps free: no flush and no compact copy goes nearer to a full
 * disk than this, so that the file can always be finished. */
#define MBS_RESULTS_MARGIN (4.0 * 1024 * 1024)

/* The copy itself: copies every attribute of the root and every object of
 * `path` (also a file a killed writer left open in SWMR mode) into
 * `path`.part, lets finish(to, ctx) change the copy, and renames the copy
 * over `path`. Returns 0, or -1 with `path` left as it was. */
int mbs_results_compact(const char *path, int (*finish)(hid_t to, const void *ctx), const void *ctx);

#endif
