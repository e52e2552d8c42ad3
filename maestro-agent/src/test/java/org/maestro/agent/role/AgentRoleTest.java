package org.maestro.agent.role;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/** The agent role with a directory source of handler scripts written by the test. */
class AgentRoleTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private Path handlers;
    private AgentRole agent;
    private TestPeerContext peer;

    @BeforeEach
    void writeHandlers() throws Exception {
        Path source = temp.resolve("allowed/actions");
        handlers = source.resolve("handlers");
        Files.createDirectories(handlers.resolve("router"));
        Files.createDirectories(source.resolve("lib"));
        Files.writeString(handlers.resolve("echo.groovy"), "println args.join(' ')\n");
        Files.writeString(
                handlers.resolve("fail.groovy"), "throw new IllegalStateException('router config is broken')\n");
        Files.writeString(handlers.resolve("long.groovy"), """
                def file = new File(args[0])
                file.text = 'changed'
                onUndo('put the file back') { file.text = 'restored' }
                progress 'file changed'
                sleep 60000
                file.text = 'not cancelled'
                """);
        Files.writeString(handlers.resolve("stubborn.groovy"), """
                def file = new File(args[0])
                file.text = 'changed'
                onUndo { file.text = 'restored' }
                while (!new File(args[1]).exists()) {
                    try { Thread.sleep(50) } catch (InterruptedException ignored) { }
                }
                """);
        Files.writeString(handlers.resolve("wait.groovy"), "exec(['sleep', '600'])\n");
        Files.writeString(handlers.resolve("keep.groovy"), """
                def file = new File(args[0])
                file.text = 'changed'
                onAgentStop('file') { file.text = 'restored at stop' }
                """);
        Files.writeString(handlers.resolve("broken.groovy"), "println 'a'\ndef x = 1 +* 2\nprintln x\n");
        Files.writeString(
                handlers.resolve("undofail.groovy"), "onUndo { throw new RuntimeException('cannot restore') }\n'ok'\n");
        Files.writeString(
                handlers.resolve("router/restart.groovy"), "println \"nested ${new Greeter().greet('router')}\"\n");
        Files.writeString(
                source.resolve("lib/Greeter.groovy"), "class Greeter { String greet(String who) { \"hi ${who}\" } }\n");
        Files.createDirectories(temp.resolve("secret/handlers"));
        Files.writeString(temp.resolve("secret/handlers/echo.groovy"), "println 'secret'\n");

        agent = new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .allowDirectory(temp.resolve("allowed"))
                .stopGrace(Duration.ofMillis(500))
                .build());
        peer = new TestPeerContext(temp.resolve("results"));
        handle(Command.AGENT_SOURCE, new Payload.AgentSource(source.toString(), ""));
        handle(Command.START_AGENT, Payload.Empty.INSTANCE);
    }

    @AfterEach
    void halt() {
        agent.halt();
    }

    private void handle(Command command, Payload payload) throws RoleException {
        assertEquals(Payload.Empty.INSTANCE, agent.handle(Note.request(command, payload), peer));
    }

    private void command(String text) throws RoleException {
        handle(Command.USER_COMMAND_1, new Payload.Text(text));
    }

    /** Runs a command and returns the notification of its end, which must be the expected one. */
    private Notification run(String text, Command expected) throws Exception {
        command(text);
        return peer.next(expected, WAIT);
    }

    private RoleException refusal(String text) {
        return assertThrows(RoleException.class, () -> command(text));
    }

    private Path resultDirectory() throws Exception {
        return peer.resultDirectory();
    }

    @Test
    void refusesADirectoryThatClimbsOutOfTheAllowedOne() {
        String climbing = temp.resolve("allowed") + "/../secret";
        RoleException error = assertThrows(
                RoleException.class, () -> handle(Command.AGENT_SOURCE, new Payload.AgentSource(climbing, "")));
        assertEquals(ErrorCodes.REFUSED, error.code());
        assertTrue(
                error.getMessage()
                        .contains("is in none of the allowed directories [" + temp.resolve("allowed")
                                + "] (it resolves to " + temp.resolve("secret") + ")"),
                error.getMessage());
        assertTrue(error.getMessage().contains("--allow-source"), error.getMessage());
    }

    @Test
    void refusesAHandlerNameThatLeavesTheHandlersDirectory() throws Exception {
        for (String name : List.of("../x", "router/../../secret", "/etc/passwd")) {
            RoleException error = refusal(name);
            assertEquals(ErrorCodes.REFUSED, error.code(), name);
            assertTrue(error.getMessage().contains("would leave the source's handlers/ directory"), error.getMessage());
        }
        Files.createSymbolicLink(handlers.resolve("link.groovy"), temp.resolve("secret/handlers/echo.groovy"));
        RoleException linked = refusal("link");
        assertEquals(ErrorCodes.REFUSED, linked.code());
        assertTrue(linked.getMessage().contains("outside"), linked.getMessage());
        assertNull(peer.poll(Duration.ofMillis(200)), "nothing may run");
    }

    @Test
    void namesWhatExistsWhenTheHandlerIsMissing() {
        RoleException error = refusal("reboot now");
        assertEquals(ErrorCodes.UNSUPPORTED, error.code());
        assertTrue(
                error.getMessage()
                        .startsWith(
                                "no handler for 'reboot': " + temp.resolve("allowed/actions")
                                        + " has no handlers/reboot.groovy nor an executable handlers/reboot"
                                        + " (it has broken, echo, fail, keep, long, router/restart,"
                                        + " stubborn, undofail, wait), and it is not a ready action (stop, shutdown, start, restart, netem, drop)"),
                error.getMessage());
    }

    @Test
    void failsWithTheExceptionMessageAndKeepsServing() throws Exception {
        Notification failed = run("fail", Command.NOTIFY_FAIL);
        assertTrue(failed.message().contains("IllegalStateException: router config is broken"), failed.message());
        assertEquals("failed", failed.details().get("outcome"));
        assertTrue(failed.output().contains("router config is broken"));

        Notification echoed = run("echo still here", Command.NOTIFY_SUCCESS);
        assertTrue(echoed.output().contains("still here"));
    }

    @Test
    void stopAgentCancelsALongActionAndRunsItsUndo() throws Exception {
        Path file = temp.resolve("state.txt");
        command("long " + file);
        awaitContent(file, "changed");
        assertTrue(agent.busy());

        handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);

        assertEquals("restored", Files.readString(file));
        assertFalse(agent.busy());
        Notification cancelled = peer.next(Command.NOTIFY_FAIL, WAIT);
        assertEquals("cancelled", cancelled.details().get("outcome"));
        assertTrue(cancelled.message().contains("was cancelled: cancelled by STOP_AGENT"), cancelled.message());
        assertTrue(cancelled.output().contains("undo: put the file back"));
        assertEquals("file changed", cancelled.details().get("progress"));
        List<String> csv = Files.readAllLines(resultDirectory().resolve("agent-actions.csv"));
        assertTrue(csv.get(2).endsWith(",cancelled,cancelled by STOP_AGENT,,,"), csv.toString());

        RoleException stopped = refusal("echo after stop");
        assertTrue(stopped.getMessage().contains("send START_AGENT"), stopped.getMessage());
    }

    @Test
    void undoesAnActionThatIgnoresCancellationWithoutWaitingForIt() throws Exception {
        Path file = temp.resolve("state.txt");
        Path release = temp.resolve("release");
        command("stubborn " + file + " " + release);
        awaitContent(file, "changed");
        try {
            handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);
            assertEquals("restored", Files.readString(file));
            Notification cancelled = peer.next(WAIT);
            assertEquals("cancelled", cancelled.details().get("outcome"));
            assertTrue(cancelled.message().contains("did not end within 500 ms"), cancelled.message());
        } finally {
            Files.writeString(release, "go");
        }
        assertNull(peer.poll(Duration.ofMillis(300)), "an action is reported once");
    }

    @Test
    void anActionRunningPastTheMaximumDurationIsCancelledAndUndone() throws Exception {
        agent.halt();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .allowDirectory(temp.resolve("allowed"))
                .stopGrace(Duration.ofMillis(500))
                .maxActionDuration(Duration.ofSeconds(1))
                .build());
        handle(
                Command.AGENT_SOURCE,
                new Payload.AgentSource(handlers.getParent().toString(), ""));
        handle(Command.START_AGENT, Payload.Empty.INSTANCE);
        Path file = temp.resolve("state.txt");
        long start = System.nanoTime();

        Notification ended = run("long " + file, Command.NOTIFY_FAIL);

        assertEquals("cancelled", ended.details().get("outcome"));
        assertTrue(
                ended.message()
                        .contains("it ran longer than this agent's maximum action duration of 1 s"
                                + " (--max-action-duration of the agent)"),
                ended.message());
        assertEquals("restored", Files.readString(file), "its undo ran");
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 30, "cancelled long before its end");
        assertFalse(agent.busy());
    }

    @Test
    void runsActionsSideBySide() throws Exception {
        Path file = temp.resolve("state.txt");
        command("long " + file);
        awaitContent(file, "changed");
        Notification echoed = run("echo meanwhile", Command.NOTIFY_SUCCESS);
        assertTrue(echoed.output().contains("meanwhile"));
        assertTrue(agent.busy(), "the long action still runs");
        assertEquals(2, agent.stats().count());
        assertEquals(1.0, agent.stats().rate(), "running actions");
        handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);
    }

    @Test
    void refusesCommandsBeforeStartAndBadQuoting() throws Exception {
        handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);
        RoleException notStarted = refusal("echo x");
        assertTrue(notStarted.getMessage().contains("the agent is not started: send START_AGENT"));
        handle(Command.START_AGENT, Payload.Empty.INSTANCE);
        RoleException quoting = refusal("echo 'x");
        assertEquals(ErrorCodes.INVALID_OPTION, quoting.code());
        assertTrue(quoting.getMessage().contains("unclosed ' quote"), quoting.getMessage());
    }

    @Test
    void reportsAScriptThatDoesNotCompileWithItsLine() {
        RoleException error = refusal("broken");
        assertTrue(
                error.getMessage()
                        .contains("handlers/broken.groovy of " + temp.resolve("allowed/actions") + " does not compile"),
                error.getMessage());
        assertTrue(error.getMessage().contains("line 2"), error.getMessage());
    }

    @Test
    void precompilingTheSourceReportsTheScriptsThatDoNotCompile() {
        List<String> problems = agent.source().orElseThrow().precompile();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("handlers/broken.groovy"), problems.get(0));
    }

    @Test
    void failsAnActionWhoseUndoFails() throws Exception {
        Notification failed = run("undofail", Command.NOTIFY_FAIL);
        assertTrue(failed.message().contains("undo failed: undo: cannot restore"), failed.message());
        assertEquals(1, agent.stats().errors());
    }

    @Test
    void mapsNestedNamesToSubdirectoriesAndLetsScriptsUseTheLibrary() throws Exception {
        Notification done = run("router/restart", Command.NOTIFY_SUCCESS);
        assertTrue(done.output().contains("nested hi router"), done.output());
        assertEquals("handlers/router/restart.groovy", done.details().get("handler"));
    }

    @Test
    void haltCancelsAndRestoresLikeStop() throws Exception {
        Path file = temp.resolve("state.txt");
        command("long " + file);
        awaitContent(file, "changed");
        agent.halt();
        assertEquals("restored", Files.readString(file));
        assertTrue(peer.next(WAIT).message().contains("cancelled by HALT"));
    }

    @Test
    void resetForgetsTheSourceTheActionsAndTheirCountsOfTheLastTest() throws Exception {
        command("fail");
        peer.next(WAIT);
        assertEquals(1, agent.stats().count());
        assertEquals(1, agent.stats().errors());
        handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);

        agent.reset();

        assertTrue(agent.source().isEmpty(), "a test that sets no source gets none of an earlier test");
        assertTrue(
                agent.timeline().records().isEmpty(), agent.timeline().records().toString());
        assertEquals(0, agent.stats().count());
        assertEquals(0, agent.stats().errors());
        RoleException notStarted = refusal("echo next test");
        assertTrue(notStarted.getMessage().contains("send START_AGENT"), notStarted.getMessage());
        handle(Command.START_AGENT, Payload.Empty.INSTANCE);
        RoleException noSource = refusal("echo next test");
        assertEquals(ErrorCodes.UNSUPPORTED, noSource.code());
        assertTrue(noSource.getMessage().contains("no agent source is set"), noSource.getMessage());
    }

    @Test
    void flushWritesTheTimelineOfEveryAction() throws Exception {
        command("echo one");
        peer.next(WAIT);
        command("fail");
        peer.next(WAIT);
        Files.delete(resultDirectory().resolve("agent-actions.csv"));
        agent.flush();
        List<String> csv = Files.readAllLines(resultDirectory().resolve("agent-actions.csv"));
        assertEquals("# maestro-agent v2", csv.get(0));
        assertEquals("action,command,start,end,outcome,message,exit,stdout,stderr", csv.get(1));
        assertTrue(csv.get(2).startsWith("1,echo one,") && csv.get(2).endsWith(",success,done,,,"), csv.get(2));
        assertTrue(
                csv.get(3).startsWith("2,fail,") && csv.get(3).contains(",failed,IllegalStateException"), csv.get(3));
        assertEquals(4, csv.size());
    }

    @Test
    void stopAgentKillsTheProgramAHandlerWaitsFor() throws Exception {
        command("wait");
        ProcessHandle child = awaitChild("sleep");
        handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);
        assertFalse(child.isAlive(), "the program is killed");
        Notification cancelled = peer.next(WAIT);
        assertEquals("cancelled", cancelled.details().get("outcome"), cancelled.message());
        assertTrue(cancelled.output().contains("$ sleep 600"), cancelled.output());
    }

    @Test
    void aChangeKeptUntilTheAgentStopsIsPutBackByStopAgent() throws Exception {
        Path file = temp.resolve("state.txt");
        command("keep " + file);
        peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertEquals("changed", Files.readString(file));
        handle(Command.STOP_AGENT, Payload.Empty.INSTANCE);
        assertEquals("restored at stop", Files.readString(file));
    }

    private static ProcessHandle awaitChild(String program) throws Exception {
        return await("a " + program + " child started")
                .atMost(WAIT)
                .until(
                        () -> ProcessHandle.current()
                                .descendants()
                                .filter(p -> p.info()
                                        .command()
                                        .map(c -> c.endsWith("/" + program))
                                        .orElse(false))
                                .findFirst(),
                        Optional::isPresent)
                .get();
    }

    private static void awaitContent(Path file, String content) throws Exception {
        await(file + " holds '" + content + "'")
                .atMost(WAIT)
                .until(() -> Files.exists(file) && Files.readString(file).equals(content));
    }
}
