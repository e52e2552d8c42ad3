package org.maestro.agent.actions;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.agent.handler.ExecResult;
import org.maestro.agent.role.AgentRole;
import org.maestro.base.time.MicroClock;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/**
 * The network ready actions, run for real inside a network namespace the test creates (its loopback and a veth pair
 * inside it); skipped with the reason where namespaces cannot be made. The host's interfaces are never touched.
 */
class NetworkActionTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static TestNamespace namespace;
    private static String noNamespaceReason;
    private static String noNetemReason;

    @TempDir
    Path temp;

    private AgentRole agent;
    private TestPeerContext peer;

    @BeforeAll
    static void createNamespace() throws Exception {
        TestNamespace.Result result = TestNamespace.create();
        namespace = result.namespace();
        noNamespaceReason = result.reason();
        if (namespace != null) {
            namespace.startProbe();
            noNetemReason = namespace.netemUnsupportedReason();
        }
    }

    @AfterAll
    static void deleteNamespace() {
        if (namespace != null) {
            namespace.close();
        }
    }

    @BeforeEach
    void startAgent() throws RoleException {
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work")).build());
        peer = new TestPeerContext(temp.resolve("results"));
        agent.handle(Note.request(Command.START_AGENT), peer);
    }

    @AfterEach
    void haltAgent() {
        agent.halt();
    }

    private void command(String text) throws RoleException {
        assertEquals(
                Payload.Empty.INSTANCE,
                agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text(text)), peer));
    }

    private static void requireNamespace() {
        Assumptions.assumeTrue(namespace != null, () -> "skipped: " + noNamespaceReason);
    }

    @Test
    void dropCutsTheConnectionsOfAPortForTheGivenTimeOnly() throws Exception {
        requireNamespace();
        int port = namespace.port();
        assertTrue(namespace.roundTrip(Duration.ofSeconds(5)).isPresent(), "the echo server answers before");

        command("drop 4s --port " + port + " --netns " + namespace.name());
        awaitRules(port, true);
        Optional<Long> during = namespace.roundTrip(Duration.ofMillis(300));
        Notification done = peer.next(WAIT);

        assertTrue(during.isEmpty(), "no round trip while the port is cut, got " + during);
        assertEquals(Command.NOTIFY_SUCCESS, done.command(), done.message());
        assertFalse(rules().contains("maestro-agent-action-"), "the rules are removed: " + rules());
        assertTrue(namespace.roundTrip(Duration.ofSeconds(5)).isPresent(), "the echo server answers after");
        assertTrue(done.output().contains("-I INPUT -p tcp --dport " + port), done.output());
    }

    @Test
    void theExampleLinkDownHandlerCutsThePortThroughTheReadyDrop() throws Exception {
        requireNamespace();
        Path example =
                Path.of("..", "test-scripts", "agent-example").toAbsolutePath().normalize();
        agent.halt();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .allowDirectory(example)
                .build());
        agent.handle(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(example.toString(), "")), peer);
        agent.handle(Note.request(Command.START_AGENT), peer);

        command("link-down 3 " + namespace.port() + " --netns " + namespace.name());
        awaitRules(namespace.port(), true);
        Optional<Long> during = namespace.roundTrip(Duration.ofMillis(300));
        Notification done = peer.next(WAIT);

        assertTrue(during.isEmpty(), "no round trip while the link is down, got " + during);
        assertEquals(Command.NOTIFY_SUCCESS, done.command(), done.message());
        assertEquals(
                "dropping tcp port " + namespace.port() + " packets on all devices in namespace " + namespace.name()
                        + " for 3000 ms",
                done.details().get("result"));
        assertFalse(rules().contains("maestro-agent-action-"), rules());
    }

    @Test
    void stopAgentRemovesTheDropRulesAtOnce() throws Exception {
        requireNamespace();
        command("drop 10m --dev veth-a --netns " + namespace.name());
        awaitRules(-1, true);
        assertTrue(
                rules().contains("-A INPUT -i veth-a -m comment --comment maestro-agent-action-1-pid"
                        + ProcessHandle.current().pid() + " -j DROP"),
                "the rule names the action and the agent's process: " + rules());
        agent.handle(Note.request(Command.STOP_AGENT), peer);
        assertFalse(rules().contains("maestro-agent-action-"), rules());
        assertEquals("cancelled", peer.next(WAIT).details().get("outcome"));
    }

    @Test
    void netemDelaysEveryPacketOnTheNamespaceLoopback() throws Exception {
        requireNamespace();
        Assumptions.assumeTrue(noNetemReason == null, () -> "skipped: " + noNetemReason);
        command("netem delay 100ms 4s --dev lo --netns " + namespace.name());
        awaitQdisc("netem");
        Optional<Long> during = namespace.roundTrip(Duration.ofSeconds(5));
        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);

        assertTrue(during.isPresent());
        assertTrue(
                during.get() >= 2 * 100_000,
                "a connect and an echo cross the delayed loopback at least twice: " + during.get() + " µs");
        assertFalse(qdisc().contains("netem"), "the netem qdisc is removed: " + qdisc());
    }

    @Test
    void netemFailsWithTheKernelsReasonAndLeavesNothingBehind() throws Exception {
        requireNamespace();
        Assumptions.assumeTrue(noNetemReason != null, "this kernel has netem: covered by the delay test");
        command("netem loss 5% 2s --dev lo --netns " + namespace.name());
        Notification failed = peer.next(Command.NOTIFY_FAIL, WAIT);
        assertTrue(failed.message().contains("Specified qdisc kind is unknown"), failed.message());
        assertTrue(failed.message().contains("this kernel lacks the queueing discipline"), failed.message());
        assertFalse(qdisc().contains("netem"), qdisc());
    }

    /** The refusal names the command that removes the root queueing discipline in the way; pasted, it does. */
    @Test
    void netemInTheWayOfARootQueueingDisciplineGivesTheCommandThatRemovesIt() throws Exception {
        requireNamespace();
        Assumptions.assumeTrue(noNetemReason == null, () -> "skipped: " + noNetemReason);
        // a root queueing discipline of a kind every kernel has, in netem's way
        ExecResult pfifo = namespace.exec("tc", "qdisc", "add", "dev", "lo", "root", "pfifo");
        assertTrue(pfifo.ok(), pfifo.describe());
        try {
            command("netem delay 10ms 2s --dev lo --netns " + namespace.name());
            Notification failed = peer.next(Command.NOTIFY_FAIL, WAIT);
            Matcher advice = Pattern.compile("remove it first with '([^']+)'").matcher(failed.message());
            assertTrue(advice.find(), failed.message());

            Process pasted = new ProcessBuilder("bash", "-c", advice.group(1))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(pasted.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(pasted.waitFor(30, TimeUnit.SECONDS), advice.group(1) + " did not end");
            assertEquals(0, pasted.exitValue(), advice.group(1) + ": " + output);
            assertFalse(qdisc().contains("pfifo"), "the pasted command left " + qdisc());
        } finally {
            if (qdisc().contains("pfifo")) {
                namespace.exec("tc", "qdisc", "del", "dev", "lo", "root");
            }
        }
    }

    @Test
    void refusesAtOnceWhenTheToolIsMissing() throws Exception {
        agent.halt();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .tool("tc", Path.of("/nonexistent/tc"))
                .tool("iptables", Path.of("/nonexistent/iptables"))
                .build());
        agent.handle(Note.request(Command.START_AGENT), peer);

        RoleException netem = assertThrows(RoleException.class, () -> command("netem delay 200ms 30s --dev lo"));
        assertEquals(
                "netem needs the program tc, which is not at /nonexistent/tc (as configured), which does not"
                        + " exist or is not executable: install iproute2 or give the agent its path",
                netem.getMessage());
        RoleException drop = assertThrows(RoleException.class, () -> command("drop 30s --port 5672"));
        assertTrue(drop.getMessage().startsWith("drop needs the program iptables, which is not at"), drop.getMessage());
        assertFalse(agent.busy());
    }

    @Test
    void refusesAtOnceWithoutTheRightToChangeTheNetwork() throws Exception {
        agent.halt();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work")).build(), MicroClock.system(), () -> false);
        agent.handle(Note.request(Command.START_AGENT), peer);
        Assumptions.assumeTrue(new Tools(java.util.Map.of()).find("tc").isPresent(), "tc is not installed");
        RoleException error = assertThrows(RoleException.class, () -> command("netem delay 200ms 30s --dev lo"));
        assertTrue(
                error.getMessage()
                        .contains("needs the CAP_NET_ADMIN capability, which this agent lacks: run the"
                                + " agent as root"),
                error.getMessage());
    }

    @Test
    void checksArgumentsNamespaceAndDeviceBeforeStarting() throws Exception {
        assertMessage("drop 30s", "say what to cut with --port, --dev or both");
        assertMessage("drop 30s --port 70000", "port '70000' is not a number from 1 to 65535");
        assertMessage("netem jitter 1ms 30s --dev lo", "'jitter' is not a netem fault");
        assertMessage("netem delay 200 30s --dev lo", "the delay '200' is not a duration");
        assertMessage("netem loss 150% 30s --dev lo", "the loss '150%' is not a percentage");
        assertMessage("netem delay 1ms 30s --dev lo --rate 1", "unknown option --rate");
        assertMessage(
                "drop 30s --dev lo --netns no-such-namespace", "there is no network namespace 'no-such-namespace'");
        assertMessage("drop 30s --dev no-such-device0", "there is no network device 'no-such-device0'");
        String tooLong = "is refused: it is longer than this agent's maximum action duration of 3600 s"
                + " (--max-action-duration of the agent)";
        assertMessage("drop 2h --port 5672", "the duration '2h' " + tooLong);
        assertMessage("netem delay 1ms 3601 --dev lo", "the duration '3601' " + tooLong);
        assertFalse(agent.busy());
    }

    @Test
    void rulesAnEarlierRunLeftAreRemovedAtStartUpAndOthersKept() throws Exception {
        requireNamespace();
        addRule(7, "maestro-agent-action-42");
        addRule(9, "kept-by-the-admin");
        assertTrue(rules().contains("maestro-agent-action-42"), rules());

        java.util.List<String> report = LeftoverRules.remove(new Tools(java.util.Map.of()), namespace.name());

        assertEquals(
                java.util.List.of("removed the iptables rule '-A INPUT -p tcp -m tcp --dport 7 -m comment --comment "
                        + "maestro-agent-action-42 -j DROP' in network namespace " + namespace.name()
                        + ", left by an earlier run of an agent that did not end its drop action"),
                report);
        assertFalse(rules().contains("maestro-agent-"), rules());
        assertTrue(rules().contains("kept-by-the-admin"), "a rule of someone else stays: " + rules());
        assertEquals(java.util.List.of(), LeftoverRules.remove(new Tools(java.util.Map.of()), namespace.name()));
        ExecResult removed = rule("-D", 9, "kept-by-the-admin");
        assertTrue(removed.ok(), removed.describe());
    }

    /**
     * The embedded agent's clean-up: a rule whose comment names a process that ended goes, one of a process that runs
     * (another agent's drop in progress) and one that names no process stay.
     */
    @Test
    void onlyRulesOfProcessesThatEndedAreRemovedAsOrphans() throws Exception {
        requireNamespace();
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        long deadPid = ended.pid();
        long livePid = ProcessHandle.current().pid();
        addRule(11, "maestro-agent-action-5-pid" + deadPid);
        addRule(12, "maestro-agent-action-6-pid" + livePid);
        addRule(13, "maestro-agent-action-7");
        try {
            List<String> report = LeftoverRules.removeOrphaned(new Tools(Map.of()), namespace.name());

            assertEquals(
                    List.of("removed the iptables rule '-A INPUT -p tcp -m tcp --dport 11 -m comment --comment "
                            + "maestro-agent-action-5-pid" + deadPid + " -j DROP' in network namespace "
                            + namespace.name()
                            + ", left by an earlier run of an agent that did not end its drop action"),
                    report);
            assertFalse(rules().contains("-pid" + deadPid + " "), rules());
            assertTrue(rules().contains("maestro-agent-action-6-pid" + livePid), "a running agent's rule stays");
            assertTrue(rules().contains("maestro-agent-action-7 "), "a rule that names no process stays");
            assertEquals(List.of(), LeftoverRules.removeOrphaned(new Tools(Map.of()), namespace.name()));
        } finally {
            LeftoverRules.remove(new Tools(Map.of()), namespace.name());
        }
        assertFalse(rules().contains("maestro-agent-"), rules());
    }

    private static void addRule(int port, String comment) throws Exception {
        ExecResult added = rule("-I", port, comment);
        assertTrue(added.ok(), added.describe());
    }

    /** Inserts ({@code -I}) or deletes ({@code -D}) a rule dropping TCP packets to a port, with a comment. */
    private static ExecResult rule(String operation, int port, String comment) throws Exception {
        return namespace.exec(
                "iptables",
                operation,
                "INPUT",
                "-p",
                "tcp",
                "--dport",
                Integer.toString(port),
                "-m",
                "comment",
                "--comment",
                comment,
                "-j",
                "DROP");
    }

    private void assertMessage(String command, String expected) {
        RoleException error = assertThrows(RoleException.class, () -> command(command), command);
        assertTrue(error.getMessage().contains(expected), command + ": " + error.getMessage());
        assertTrue(error.code() == ErrorCodes.INVALID_OPTION || error.code() == ErrorCodes.OTHER, error.getMessage());
    }

    private static String rules() throws Exception {
        return namespace.exec("iptables", "-S", "INPUT").output();
    }

    private static String qdisc() throws Exception {
        return namespace.exec("tc", "qdisc", "show", "dev", "lo").output();
    }

    private static void awaitRules(int port, boolean present) throws Exception {
        awaitOutput(() -> rules(), port < 0 ? "maestro-agent-action-" : "--dport " + port, present);
    }

    private static void awaitQdisc(String text) throws Exception {
        awaitOutput(() -> qdisc(), text, true);
    }

    private interface Output {
        String read() throws Exception;
    }

    private static void awaitOutput(Output output, String text, boolean present) throws Exception {
        await().atMost(WAIT).untilAsserted(() -> {
            String read = output.read();
            assertEquals(
                    present,
                    read.contains(text),
                    "'" + text + "' never " + (present ? "appeared" : "went away") + " in " + read);
        });
    }
}
