package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.common.cli.ExitCode;

/** {@code maestro-cli agent} names, at start-up, each directory, pid file, program and tool of its options that is missing. */
class AgentStartupWarningsTest {
    @TempDir
    Path work;

    /** The agent then fails to reach the control broker (exit 3); the warnings come before that. */
    private CliRun agent(String... options) {
        String[] args = new String[options.length + 7];
        args[0] = "agent";
        args[1] = "--maestro-url";
        args[2] = "mqtt://127.0.0.1:" + FreePorts.next();
        args[3] = "--work-dir";
        args[4] = work.resolve("agent-work").toString();
        args[5] = "--results-dir";
        args[6] = work.resolve("peer-results").toString();
        System.arraycopy(options, 0, args, 7, options.length);
        return CliRun.of(args);
    }

    @Test
    void namesAMissingSourceDirectoryPidFileProgramAndToolAtStartUp() {
        Path source = work.resolve("no-such-actions");
        Path pidFile = work.resolve("run/artemis.pid");
        Path tool = work.resolve("bin/tc");
        CliRun run = agent(
                "--allow-source",
                source.toString(),
                "--process",
                "broker=pidfile:" + pidFile + " no-such-start-program start",
                "--process",
                "router=" + work.resolve("bin/qdrouterd") + " -c x.conf",
                "--tool",
                "tc=" + tool);
        assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode(), run.err());
        assertTrue(
                run.err().contains("WARNING: agent: the allowed source directory " + source + " does not exist"),
                run.err());
        assertTrue(
                run.err().contains("WARNING: agent: process broker: the pid file " + pidFile + " does not exist"),
                run.err());
        assertTrue(
                run.err().contains("the program no-such-start-program of its start command is not on the PATH"),
                run.err());
        assertTrue(
                run.err()
                        .contains("process router: the program " + work.resolve("bin/qdrouterd")
                                + " of its command does not exist or is not executable"),
                run.err());
        assertTrue(run.err().contains("the tool tc at " + tool + " does not exist"), run.err());
    }

    @Test
    void saysNothingWhenEverythingItNamesIsThere() throws Exception {
        Path source = Files.createDirectories(work.resolve("actions"));
        Path pidFile = Files.writeString(work.resolve("artemis.pid"), "12345\n");
        CliRun run = agent(
                "--allow-source",
                source.toString(),
                "--process",
                "broker=pidfile:" + pidFile + " sh -c true",
                "--process",
                "sleeper=sleep 60");
        assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode(), run.err());
        assertFalse(run.err().contains("WARNING"), run.err());
    }
}
