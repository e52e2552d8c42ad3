package org.maestro.agent.role;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/** Handlers that are executable files of the source (a shell and a Python script), run as real processes. */
class ProgramHandlerTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private Path source;
    private Path handlers;
    private AgentRole agent;
    private TestPeerContext peer;

    @BeforeEach
    void writeHandlers() throws Exception {
        source = temp.resolve("allowed/actions");
        handlers = Files.createDirectories(source.resolve("handlers"));
        executable("greet", """
                #!/bin/sh
                echo "hello $1"
                echo "in $(pwd)"
                echo "a warning" >&2
                echo "greeted $#"
                """);
        executable("fail.sh", """
                #!/bin/sh
                echo "checking the router"
                echo "router config is broken" >&2
                exit 3
                """);
        executable("vars.py", """
                #!/usr/bin/env python3
                import os, sys
                print("args: " + "|".join(sys.argv[1:]))
                for name in sorted(os.environ):
                    if name.startswith("MAESTRO_"):
                        print("env: " + name + "=" + os.environ[name])
                print("python done")
                """);
        executable("env", """
                #!/bin/sh
                env
                """);
        executable("hang", """
                #!/bin/sh
                echo "started"
                sleep 300 &
                echo $! > "$1"
                sleep 300
                echo "not killed"
                """);
        executable("chatty", """
                #!/bin/sh
                yes "a line of output" | head -n 5000
                echo "the end"
                """);
        executable("missing", "#!/nonexistent/interpreter\necho never\n");
        Files.writeString(handlers.resolve("hello.groovy"), "println \"groovy ${args.join(' ')}\"\n'groovy done'\n");
        Files.writeString(handlers.resolve("plain"), "#!/bin/sh\necho never\n");
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("escape"), "#!/bin/sh\necho escaped\n");
        Files.setPosixFilePermissions(outside.resolve("escape"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(handlers.resolve("escape"), outside.resolve("escape"));
        startAgent(Duration.ofHours(1));
    }

    private void executable(String name, String text) throws IOException {
        Path file = handlers.resolve(name);
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** An agent allowed the source, with that deadline for each action and time enough to end a killed one. */
    private void startAgent(Duration maxActionDuration) throws RoleException {
        peer = new TestPeerContext(temp.resolve("results"));
        AgentConfig config = AgentConfig.builder(temp.resolve("work"))
                .allowDirectory(temp.resolve("allowed"))
                .maxActionDuration(maxActionDuration)
                .stopGrace(Duration.ofSeconds(10))
                .build();
        agent = new AgentRole(config);
        send(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(source.toString(), "")));
        send(Note.request(Command.START_AGENT));
    }

    @AfterEach
    void stopAgent() {
        agent.halt();
    }

    private void send(Note request) throws RoleException {
        Payload answer = agent.handle(request, peer);
        assertEquals(Payload.Empty.INSTANCE, answer, request.command() + " answered");
    }

    private Notification run(String command, Command expected) throws Exception {
        send(Note.request(Command.USER_COMMAND_1, new Payload.Text(command)));
        return peer.next(expected, WAIT);
    }

    private RoleException refusal(String command) {
        Note request = Note.request(Command.USER_COMMAND_1, new Payload.Text(command));
        return assertThrows(RoleException.class, () -> send(request));
    }

    private AgentActions.Row row(Notification ended) throws Exception {
        return AgentActions.read(peer.resultDirectory().resolve("agent-actions.csv")).stream()
                .filter(row -> row.action().equals(ended.details().get("action")))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void runsAShellHandlerWithItsArgumentsInTheSourceDirectoryAndRecordsItsExitCodeAndOutput() throws Exception {
        Notification done = run("greet 'big world' two", Command.NOTIFY_SUCCESS);

        assertEquals("greeted 2", done.details().get("result"));
        assertEquals("handlers/greet", done.details().get("handler"));
        AgentActions.Row row = row(done);
        assertEquals("success", row.outcome());
        assertEquals("0", row.exit());
        assertEquals("hello big world\nin " + source.toRealPath() + "\ngreeted 2\n", row.stdout());
        assertEquals("a warning\n", row.stderr());
        Path results = peer.resultDirectory();
        String id = done.details().get("action");
        assertEquals(row.stdout(), Files.readString(results.resolve("agent-action-" + id + ".stdout")));
        assertEquals("a warning\n", Files.readString(results.resolve("agent-action-" + id + ".stderr")));
        assertTrue(
                done.output().contains("$ " + source.toRealPath().resolve("handlers/greet") + " big world two"),
                done.output());
    }

    @Test
    void runsAPythonHandlerWithItsArgumentsAndTheMaestroVariables() throws Exception {
        Notification done = run("vars.py a 'b c'", Command.NOTIFY_SUCCESS);

        assertEquals("python done", done.details().get("result"));
        String stdout = Files.readString(
                peer.resultDirectory().resolve("agent-action-" + done.details().get("action") + ".stdout"));
        assertEquals(
                List.of(
                        "args: a|b c",
                        "env: MAESTRO_ACTION_ID=" + done.details().get("action"),
                        "env: MAESTRO_COMMAND=vars.py a 'b c'",
                        "env: MAESTRO_HANDLER=handlers/vars.py",
                        "env: MAESTRO_SOURCE_DIR=" + source.toRealPath(),
                        "env: MAESTRO_TEST_ITERATION=0",
                        "env: MAESTRO_TEST_NAME=test",
                        "python done"),
                stdout.lines().toList());
        assertEquals("0", row(done).exit());
    }

    @Test
    void aHandlerGetsNoneOfTheAgentsOtherVariables() throws Exception {
        Notification done = run("env", Command.NOTIFY_SUCCESS);

        String stdout = Files.readString(
                peer.resultDirectory().resolve("agent-action-" + done.details().get("action") + ".stdout"));
        Set<String> documented = Set.of(
                "PATH",
                "HOME",
                "USER",
                "LOGNAME",
                "LANG",
                "LC_ALL",
                "TZ",
                "TMPDIR",
                "MAESTRO_ACTION_ID",
                "MAESTRO_COMMAND",
                "MAESTRO_HANDLER",
                "MAESTRO_SOURCE_DIR",
                "MAESTRO_TEST_NAME",
                "MAESTRO_TEST_ITERATION",
                "MAESTRO_RUN_ID",
                "PWD");
        List<String> names = stdout.lines()
                .filter(line -> line.contains("="))
                .map(line -> line.substring(0, line.indexOf('=')))
                .toList();
        assertTrue(names.contains("PATH") && names.contains("MAESTRO_ACTION_ID"), stdout);
        assertEquals(
                List.of(),
                names.stream().filter(name -> !documented.contains(name)).toList(),
                "only the documented variables: " + stdout);
        assertEquals(
                System.getenv("PATH"),
                stdout.lines()
                        .filter(line -> line.startsWith("PATH="))
                        .findFirst()
                        .orElseThrow()
                        .substring(5));
    }

    @Test
    void aGroovyHandlerStillRunsBesideThePrograms() throws Exception {
        Notification done = run("hello there", Command.NOTIFY_SUCCESS);

        assertEquals("groovy done", done.details().get("result"));
        assertEquals("handlers/hello.groovy", done.details().get("handler"));
        assertTrue(done.output().contains("groovy there"), done.output());
        assertEquals("", row(done).exit());
    }

    @Test
    void aNonZeroExitFailsTheActionNamingTheHandlerAndItsStderr() throws Exception {
        Notification failed = run("fail.sh", Command.NOTIFY_FAIL);

        assertTrue(
                failed.message()
                        .endsWith("failed: handlers/fail.sh exited with 3; its stderr: router config is broken"),
                failed.message());
        AgentActions.Row row = row(failed);
        assertEquals("failed", row.outcome());
        assertEquals("3", row.exit());
        assertEquals("checking the router\n", row.stdout());
        assertEquals("router config is broken\n", row.stderr());
        assertFalse(agent.busy());
    }

    @Test
    void keepsTheFirst64KibOfALongOutputSayingItWasTruncatedAndItsEndInTheCsv() throws Exception {
        Notification done = run("chatty", Command.NOTIFY_SUCCESS);

        assertEquals("the end", done.details().get("result"));
        Path file =
                peer.resultDirectory().resolve("agent-action-" + done.details().get("action") + ".stdout");
        String kept = Files.readString(file);
        String marker = "\n[truncated after 65536 of 85008 bytes]\n";
        assertEquals(65536 + marker.length(), kept.length());
        assertTrue(kept.startsWith("a line of output\na line of output\n"), kept.substring(0, 40));
        assertTrue(kept.endsWith(marker), kept.substring(kept.length() - 80));
        AgentActions.Row row = row(done);
        assertTrue(row.stdout().endsWith("a line of output\nthe end\n"), row.stdout());
        assertTrue(row.stdout().length() <= 512, "the end only: " + row.stdout().length());
        assertTrue(done.output().contains("stdout: 85008 bytes in agent-action-"), done.output());
        assertTrue(done.output().contains("(truncated: its first 65536 of 85008 bytes kept)"), done.output());
    }

    @Test
    void aHandlerWhoseInterpreterIsMissingFailsNamingItsFirstLine() throws Exception {
        Notification failed = run("missing", Command.NOTIFY_FAIL);

        assertTrue(failed.message().contains("failed: cannot run handlers/missing: "), failed.message());
        assertTrue(failed.message().contains("its first line must name its interpreter"), failed.message());
        assertFalse(agent.busy());
    }

    @Test
    void refusesAFileThatIsNotExecutableNamingChmod() throws Exception {
        RoleException error = refusal("plain");

        assertEquals(ErrorCodes.OTHER, error.code());
        assertTrue(error.getMessage().startsWith("the handler handlers/plain of "), error.getMessage());
        assertTrue(error.getMessage().contains("is not executable"), error.getMessage());
        assertTrue(error.getMessage().contains("chmod +x handlers/plain"), error.getMessage());
        assertNull(peer.poll(Duration.ofMillis(200)), "nothing may run");
    }

    @Test
    void refusesALinkOutOfTheHandlersDirectoryAndANameThatClimbsOut() throws Exception {
        RoleException linked = refusal("escape");
        assertEquals(ErrorCodes.REFUSED, linked.code());
        assertTrue(
                linked.getMessage()
                        .contains("links to " + temp.resolve("outside/escape").toRealPath() + ", outside"),
                linked.getMessage());

        RoleException climbing = refusal("../outside/escape");
        assertEquals(ErrorCodes.REFUSED, climbing.code());
        assertTrue(
                climbing.getMessage().contains("would leave the source's handlers/ directory"), climbing.getMessage());
        assertNull(peer.poll(Duration.ofMillis(200)), "nothing may run");
    }

    @Test
    void aHandlerRunningPastTheDeadlineIsKilledWithItsChildrenAndItsOutputKept() throws Exception {
        agent.halt();
        startAgent(Duration.ofSeconds(1));
        Path childPid = temp.resolve("child.pid");

        Notification ended = run("hang " + childPid, Command.NOTIFY_FAIL);

        String reason = "was cancelled: it ran longer than this agent's maximum action duration of 1 s"
                + " (--max-action-duration of the agent): cancelled, its changes undone; make it end sooner, or start"
                + " the agent with a longer --max-action-duration";
        assertTrue(ended.message().endsWith(reason), ended.message());
        assertTrue(ended.output().contains("handlers/hang (pid "), ended.output());
        long child = Long.parseLong(Files.readString(childPid).strip());
        assertFalse(running(child), "its child process " + child + " was killed");
        AgentActions.Row row = row(ended);
        assertEquals("cancelled", row.outcome());
        assertTrue(Set.of("143", "137").contains(row.exit()), row.exit());
        assertEquals("started\n", row.stdout());
        assertEquals(
                "started\n",
                Files.readString(peer.resultDirectory()
                        .resolve("agent-action-" + ended.details().get("action") + ".stdout")));
        assertFalse(agent.busy());
    }

    /** True while the process exists and is not a zombie waiting for its parent to reap it. */
    private static boolean running(long pid) throws IOException {
        Path stat = Path.of("/proc/" + pid + "/stat");
        if (!Files.exists(stat)) {
            return false;
        }
        try {
            String text = Files.readString(stat);
            return text.charAt(text.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }
}
