package org.maestro.dist;

import java.io.IOException;
import java.util.Map;

/** What a Jenkins {@code sh} step does in a pipeline under test: runs (or answers for) a script, gives its status. */
@FunctionalInterface
interface ShellStep {
    /** Runs {@code script} with the step's environment and returns its exit status. */
    int run(String script, Map<String, String> environment) throws IOException, InterruptedException;
}
