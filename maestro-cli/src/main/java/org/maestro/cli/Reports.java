package org.maestro.cli;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.maestro.client.api.Progress;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.build.Reporter;

/** Builds the HTML report after each test, so a failed or interrupted script still leaves one. */
final class Reports {
    private Reports() {}

    static Consumer<Path> builder(Path results, Progress progress) {
        return iterationDirectory -> {
            try {
                Path index = Reporter.build(results).index();
                progress.note("report: " + index.toAbsolutePath());
            } catch (ReportException | java.io.UncheckedIOException e) {
                progress.note("the report could not be built: " + e.getMessage());
            }
        };
    }
}
