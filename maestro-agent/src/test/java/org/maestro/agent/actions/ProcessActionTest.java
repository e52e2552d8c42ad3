package org.maestro.agent.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.agent.role.AgentRole;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/** The ready process actions on real child processes. */
class ProcessActionTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private AgentRole agent;
    private TestPeerContext peer;
    private final List<Process> ownProcesses = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        if (agent != null) {
            agent.halt();
        }
        for (Process process : ownProcesses) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private void startAgent(AgentConfig.Builder config) throws RoleException {
        agent = new AgentRole(config.stopGrace(Duration.ofSeconds(5)).build());
        peer = new TestPeerContext(temp.resolve("results"));
        agent.handle(Note.request(Command.START_AGENT), peer);
    }

    private AgentConfig.Builder config() {
        return AgentConfig.builder(temp.resolve("work"));
    }

    private void command(String text) throws RoleException {
        agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text(text)), peer);
    }

    private ManagedProcess process(String name) {
        return agent.processes().get(name).orElseThrow();
    }

    @Test
    void restartStopsTheProcessForTheGivenTimeAndStartsItAgain() throws Exception {
        startAgent(config().process(ProcessSpec.command("sleeper", List.of("sleep", "600"))));
        long before = process("sleeper").pid().orElseThrow();

        command("restart sleeper 2");
        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);

        assertFalse(ProcessHandle.of(before).map(ProcessHandle::isAlive).orElse(false), "the old process is gone");
        long after = process("sleeper").pid().orElseThrow();
        assertNotEquals(before, after);
        assertTrue(ProcessHandle.of(after).orElseThrow().isAlive());
        Matcher down = Pattern.compile("sleeper was down for (\\d+) ms")
                .matcher(done.details().get("result"));
        assertTrue(down.find(), done.details().get("result"));
        assertTrue(Long.parseLong(down.group(1)) >= 2000, done.details().get("result"));
        String output = done.output();
        assertTrue(
                output.indexOf("stopped sleeper, pid " + before) < output.indexOf("started sleeper, pid " + after),
                output);

        List<String> csv = Files.readAllLines(peer.resultDirectory().resolve("agent-actions.csv"));
        String[] row = csv.get(2).split(",");
        assertEquals("restart sleeper 2", row[1]);
        assertEquals(done.details().get("start"), row[2]);
        assertEquals(done.details().get("end"), row[3]);
        assertTrue(Long.parseLong(row[3]) - Long.parseLong(row[2]) >= 2000, csv.get(2));
        assertEquals("success", row[4]);
    }

    @Test
    void stopAgentDuringAShutdownStartsTheProcessAgain() throws Exception {
        startAgent(config().process(ProcessSpec.command("sleeper", List.of("sleep", "600"))));
        // the handle is taken before the shutdown: once the process is gone, no handle can be had by its pid
        ProcessHandle before =
                ProcessHandle.of(process("sleeper").pid().orElseThrow()).orElseThrow();
        command("shutdown 60");
        before.onExit().get(WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        assertTrue(agent.busy());

        agent.handle(Note.request(Command.STOP_AGENT), peer);

        assertTrue(process("sleeper").running(), "the undo started it again");
        Notification cancelled = peer.next(WAIT);
        assertEquals("cancelled", cancelled.details().get("outcome"), cancelled.message());
        assertTrue(cancelled.output().contains("undo: start sleeper"));
    }

    @Test
    void aStoppedProcessStartsAgainWithStartOrWhenTheAgentStops() throws Exception {
        startAgent(config().process(ProcessSpec.command("sleeper", List.of("sleep", "600"))));
        command("stop");
        peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertFalse(process("sleeper").running());

        command("start sleeper");
        Notification started = peer.next(WAIT);
        assertTrue(started.details().get("result").startsWith("sleeper started again (pid "), started.message());
        long pid = process("sleeper").pid().orElseThrow();

        command("stop sleeper");
        peer.next(WAIT);
        assertFalse(process("sleeper").running());
        agent.handle(Note.request(Command.STOP_AGENT), peer);
        assertTrue(process("sleeper").running(), "STOP_AGENT puts back what the stop left");
        assertNotEquals(pid, process("sleeper").pid().orElseThrow());
    }

    @Test
    void freezesAndThawsAProcessKnownByItsPidFile() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "600").start();
        ownProcesses.add(sleeper);
        Path pidFile = temp.resolve("sleeper.pid");
        Files.writeString(pidFile, sleeper.pid() + "\n");
        startAgent(config().process(ProcessSpec.pidFile("frozen", pidFile)));

        command("stop frozen 2");
        boolean sawFrozen = false;
        Notification done = null;
        while (done == null) {
            sawFrozen |= PidFileProcess.state(sleeper.pid()).orElse('?') == 'T';
            done = peer.poll(Duration.ofMillis(20));
        }
        assertEquals(Command.NOTIFY_SUCCESS, done.command(), done.message());
        assertTrue(sawFrozen, "the process was stopped (state T) during the action");
        assertEquals('S', PidFileProcess.state(sleeper.pid()).orElseThrow());
        assertTrue(sleeper.isAlive());
        assertTrue(done.output().contains("froze frozen, pid " + sleeper.pid()));

        RoleException kill = assertThrows(RoleException.class, () -> command("restart frozen --kill"));
        assertTrue(kill.getMessage().contains("can only be frozen, not killed"), kill.getMessage());
    }

    @Test
    void restartsAPidFileProcessWithItsStartCommand() throws Exception {
        Path pidFile = temp.resolve("service.pid");
        List<String> startCommand = List.of("sh", "-c", "sleep 600 >/dev/null 2>&1 & echo $! > " + pidFile);
        new ProcessBuilder(startCommand).start().waitFor();
        long before = Long.parseLong(Files.readString(pidFile).trim());
        startAgent(config().process(ProcessSpec.pidFile("service", pidFile, startCommand)));
        try {
            command("restart service 1 --kill");
            Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);
            long after = Long.parseLong(Files.readString(pidFile).trim());
            assertNotEquals(before, after);
            assertFalse(ProcessHandle.of(before).map(ProcessHandle::isAlive).orElse(false));
            assertTrue(process("service").running());
        } finally {
            ProcessHandle.of(before).ifPresent(ProcessHandle::destroyForcibly);
            ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim()))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aHandlerScriptCanUseTheReadyActions() throws Exception {
        Path source = temp.resolve("allowed/actions");
        Files.createDirectories(source.resolve("handlers"));
        Files.writeString(source.resolve("handlers/bounce.groovy"), """
                progress 'bouncing'
                ready 'restart', 'sleeper', '1'
                """);
        startAgent(config().allowDirectory(temp.resolve("allowed"))
                .process(ProcessSpec.command("sleeper", List.of("sleep", "600"))));
        agent.handle(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(source.toString(), "")), peer);
        long before = process("sleeper").pid().orElseThrow();
        command("bounce");
        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertTrue(
                done.details().get("result").startsWith("sleeper was down for "),
                done.details().toString());
        assertNotEquals(before, process("sleeper").pid().orElseThrow());
    }

    @Test
    void saysWhichProcessesThereAreWhenTheNameIsWrongOrMissing() throws Exception {
        startAgent(config().process(ProcessSpec.command("a", List.of("sleep", "600")))
                .process(ProcessSpec.command("b", List.of("sleep", "600"))));
        RoleException unknown = assertThrows(RoleException.class, () -> command("restart router 5"));
        assertEquals(ErrorCodes.INVALID_OPTION, unknown.code());
        assertTrue(
                unknown.getMessage().contains("no process named 'router'; its processes: a, b"), unknown.getMessage());
        RoleException ambiguous = assertThrows(RoleException.class, () -> command("restart 5"));
        assertTrue(ambiguous.getMessage().contains("name the process, one of a, b"), ambiguous.getMessage());
        RoleException duration = assertThrows(RoleException.class, () -> command("stop a soon"));
        assertTrue(duration.getMessage().contains("'soon' is not a number of seconds"), duration.getMessage());
    }

    @Test
    void saysHowToConfigureProcessesWhenThereAreNone() throws Exception {
        startAgent(config());
        RoleException error = assertThrows(RoleException.class, () -> command("restart"));
        assertTrue(
                error.getMessage().contains("this agent has none: start it with --process name=command"),
                error.getMessage());
    }

    @Test
    void readsProcessesFromTheCommandLineForm() {
        assertEquals(
                ProcessSpec.command("router", List.of("qdrouterd", "-c", "/etc/q d.conf")),
                ProcessSpec.parse("router=qdrouterd -c '/etc/q d.conf'"));
        assertEquals(
                ProcessSpec.pidFile("broker", Path.of("/run/artemis.pid")),
                ProcessSpec.parse("broker=pidfile:/run/artemis.pid"));
        assertEquals(
                ProcessSpec.pidFile("broker", Path.of("/run/a.pid"), List.of("systemctl", "start", "artemis")),
                ProcessSpec.parse("broker=pidfile:/run/a.pid systemctl start artemis"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ProcessSpec.parse("x"));
        assertTrue(error.getMessage().contains("name=command line"), error.getMessage());
    }
}
