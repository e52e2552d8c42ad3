package org.maestro.topology.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where {@code topology up} keeps its files and state file, and where {@code topology down} finds them. */
public final class StateFileOptions {

    @Option(
            names = "--work-dir",
            paramLabel = "DIR",
            defaultValue = "topology-run",
            description = "Directory for configurations, logs and the state file; 'topology down' takes the one "
                    + "given to 'topology up' (default: ${DEFAULT-VALUE}).")
    Path workDir;

    @Option(names = "--state", paramLabel = "FILE", description = "State file (default: <work-dir>/state.json).")
    Path state;

    /** The state file: {@code --state}, else {@code state.json} in the work directory. */
    Path stateFile() {
        return state != null ? state : workDir.resolve("state.json");
    }
}
