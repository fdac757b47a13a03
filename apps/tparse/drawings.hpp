// The report's deferred graph drawings (issue 24): `tparse report` writes every page at once with
// a placeholder where a drawing not yet in the layout cache goes (graph/layout.hpp), then
// `tparse draw-pending OUT` lays the drawings out in worker processes (Graphviz is not
// thread-safe; one process each), stores them in the layout cache and puts each one in place
// (write to a temporary file, rename), a file as soon as all of its drawings are done. With
// `--drawings now` the report waits for it; with `later` (the default) it runs in the background.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "graph/layout.hpp"

namespace tparse::cli {

/// The job list of OUT (OUT/.tparse-drawings/jobs): DOT texts by key and the files to fill.
bool write_drawing_jobs(const std::string& out, const std::vector<graph::PendingDrawing>& jobs,
                        const std::vector<std::string>& files);
/// Runs the jobs of OUT in `workers` processes (0: one per core) and fills the files; removes
/// the job directory when done. Returns 0, or 1 when the jobs could not be read.
int draw_pending(const std::string& out, int workers);
/// Starts `tparse draw-pending OUT` (this executable): waits for it when `wait`, else leaves it
/// running in its own session. Returns false when it could not start (the caller draws in-process).
bool start_drawer(const std::string& out, bool wait, int workers);
/// Forks the background report writer of OUT (`--drawings later`): the child takes
/// OUT/.tparse-drawings/lock (flock, held until it and its drawing workers are gone), leaves the
/// terminal, waits for release_background_writer and returns 0 to go on with the report; the
/// parent records the child's pid and returns
/// it (> 0), or -1 when it could not fork (the caller writes everything itself).
pid_t fork_background_writer(const std::string& out);
/// Lets the background writer start (it waits until this, or until this process exits).
void release_background_writer();
/// Stops the background drawer still filling OUT (its pid in OUT/.tparse-drawings/pid) and waits
/// until it is gone, so that a new report into OUT is not overwritten by the old one's drawings.
/// Returns false only when it would not stop.
bool stop_drawer(const std::string& out);

}  // namespace tparse::cli
