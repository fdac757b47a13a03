// `tparse man`: the roff man page tparse(1), generated from this CLI's own definition (every
// subcommand and option, as --help shows them) plus the exit codes, environment and examples.
// The package installs it as /usr/share/man/man1/tparse.1.gz.
#include "cli_common.hpp"
#include "cli_docs.hpp"
#include "commands.hpp"
#include "core/model/summary.hpp"

namespace tparse::cli {

namespace {

constexpr const char* kExtra = R"(.SH EXIT STATUS
.TP
.B 0
success; the gate passed
.TP
.B 1
the gate found a regression, or \fB\-\-strict\fR found damaged input lines
.TP
.B 2
usage error or unreadable input
.PP
\fBtparse run\fR exits with the command's exit code (128 + signal when a signal ended it;
127 when it cannot be started); when the command succeeded, with the gate's code, or 2 when the
command wrote no trace log.
.SH ENVIRONMENT
.TP
.B TORCH_TRACE
PyTorch writes its structured compile trace into this directory. \fBtparse run\fR sets it for the
command it runs (a new directory under \fBTMPDIR\fR unless \fB\-\-trace\-dir\fR is given).
.TP
.B TMPDIR
where \fBtparse run\fR creates trace directories (default /tmp).
.SH EXAMPLES
.nf
tparse run \-\- python train.py \-\-steps 3
tparse run \-o report \-\-gate compile\-baseline.json \-\- torchrun \-\-nproc\-per\-node 4 train.py
TORCH_TRACE=/tmp/trace python train.py; tparse /tmp/trace \-o report
tparse summary /tmp/trace \-\-json > compile\-baseline.json
tparse gate /tmp/trace \-\-baseline compile\-baseline.json \-\-format sarif \-o tparse.sarif
.fi
.SH SEE ALSO
\fBtparse\-view\fR TRACE is the desktop viewer. The documentation (report, gate, SARIF, CI examples) is in
/usr/share/doc/tparse/.
)";

void add_man(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("man", "Print the man page (roff) generated from this CLI");
  auto out = std::make_shared<std::string>("-");
  sub->add_option("-o,--output", *out, "Write to a file instead of stdout");
  sub->callback([&app, out, &exit] { exit.code = write_text(*out, man_page(app, "tparse", kToolVersion, kExtra)) ? 0 : 2; });
}

const Registrar reg_man(91, add_man);

}  // namespace

}  // namespace tparse::cli
