package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.common.cli.ExitCode;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.testing.LocalRabbitMq;

/**
 * A run whose test cannot start names the first cause on its last line and in the test's reason, before its
 * consequences, and exits with the code the README gives: 3 for a system under test (or its management) that is
 * unreachable, refuses or lacks the queue, 2 for a wrong URL, which is refused before any peer is asked. One control
 * broker with in-process peers and one embedded Artemis serve every case but two: a refused AMQP 1.0 login has
 * an Artemis with security of its own, and the case without any inspector peer a control broker of its own.
 */
class FirstCauseRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Watchdog.STOP_WAIT: how long stopping waits for peers that run; a refused start must not wait it out. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(15);
    /** Reads the test's reason before the script judges it, as FixedRateTest.groovy does. */
    private static final String SCRIPT = "def r = maestro.fixedRate { name 't'; rate 20; duration '2s' }\n"
            + "new File(scriptDir, 'reason.txt').text = r.reason\n"
            + "if (!r.lostKnown) maestro.verdict(false, \"lost messages unknown: ${r.unknownReason}\")\n";

    private static EmbeddedCluster cluster;
    private static EmbeddedSut sut;

    @TempDir
    Path work;

    @BeforeAll
    static void startCluster() throws Exception {
        sut = EmbeddedSut.onFreePort(false, note -> {});
        cluster = EmbeddedCluster.start(Roles.embeddedPeers(processes -> {}), sut);
        sut.start();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private record Run(CliRun cli, Duration took, Path directory) {
        String lastLine() {
            List<String> lines = cli.out().strip().lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }

        /** The test's reason as the script read it from its result. */
        String reason() throws IOException {
            return Files.readString(directory.resolve("reason.txt"));
        }
    }

    private Run run(String script, Map<String, String> environment, String... more) throws Exception {
        Path file = work.resolve("Cause.groovy");
        Files.writeString(file, script);
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                file.toString(),
                "--maestro-url",
                cluster.controlUrl(),
                "--results",
                work.resolve("results").toString()));
        args.addAll(List.of(more));
        long begin = System.nanoTime();
        CliRun cli = CliRun.runWithEnvironment(environment, args.toArray(String[]::new));
        return new Run(cli, Duration.ofNanos(System.nanoTime() - begin), work);
    }

    private Run runAgainst(String url) throws Exception {
        return run(SCRIPT, Map.of("SEND_RECEIVE_URL", url), "--no-report");
    }

    @Test
    void nothingListeningExitsThreeNamingTheReceiverBeforeTheUnknownLossWithoutWaitingForPeers() throws Exception {
        String url = "amqp://127.0.0.1:" + FreePorts.next() + "/q";
        Run run = runAgainst(url);

        assertEquals(
                ExitCode.INFRASTRUCTURE.code(),
                run.cli().exitCode(),
                run.cli().out() + run.cli().err());
        String cause = "receiver-1@localhost cannot connect to " + url + ": connection refused";
        assertTrue(run.reason().startsWith(cause), run.reason());
        assertTrue(run.lastLine().startsWith("FAILED: t/0: " + cause), run.lastLine());
        int loss = run.lastLine().indexOf("lost messages unknown");
        assertTrue(loss > run.lastLine().indexOf(cause), "the consequence follows the cause: " + run.lastLine());
        // the sender was never started and the receiver refused: nothing is left to wait for
        assertTrue(
                run.took().compareTo(STOP_WAIT) < 0,
                "took " + run.took() + ":\n" + run.cli().out());
        JsonNode roster = JSON.readTree(work.resolve("results/t/0/roster.json").toFile());
        for (JsonNode peer : roster.get("peers")) {
            // the receiver refused its start, and the sender was never asked to start
            assertEquals("not-started", peer.get("ended").asText(), roster.toString());
        }
    }

    @Test
    void aMissingRabbitMqQueueExitsThreeNamingTheQueueFirst() throws Exception {
        LocalRabbitMq.assumeRunning();
        Run run = runAgainst("rabbitmq://127.0.0.1:5672/?queue=maestro-first-cause-absent");

        assertEquals(
                ExitCode.INFRASTRUCTURE.code(), run.cli().exitCode(), run.cli().out());
        assertTrue(
                run.lastLine()
                        .startsWith("FAILED: t/0: receiver-1@localhost cannot receive from queue "
                                + "'maestro-first-cause-absent'"),
                run.lastLine());
        assertTrue(run.lastLine().contains("NOT_FOUND - no queue 'maestro-first-cause-absent'"), run.lastLine());
        assertTrue(run.reason().startsWith("receiver-1@localhost cannot receive from queue"), run.reason());
    }

    @Test
    void anAmqp10UrlOnRabbitMqsOwnPortIsNamedAProtocolMismatchWithTheFix() throws Exception {
        LocalRabbitMq.assumeRunning();
        Run run = runAgainst("amqp://127.0.0.1:5672/maestro-first-cause");

        assertEquals(
                ExitCode.INFRASTRUCTURE.code(), run.cli().exitCode(), run.cli().out());
        assertTrue(
                run.lastLine()
                        .startsWith("FAILED: t/0: receiver-1@localhost cannot connect to "
                                + "amqp://127.0.0.1:5672/maestro-first-cause: protocol mismatch: 127.0.0.1:5672 "
                                + "answered in AMQP 0-9-1"),
                run.lastLine());
        assertTrue(run.lastLine().contains("use rabbitmq://host:5672/?queue=<name>"), run.lastLine());
    }

    @Test
    void theRabbitMqDriverOnAnAmqp10PortIsNamedAProtocolMismatchWithTheFix() throws Exception {
        String url = "rabbitmq://127.0.0.1:" + sut.port() + "/?queue=q";
        Run run = runAgainst(url);

        assertEquals(
                ExitCode.INFRASTRUCTURE.code(), run.cli().exitCode(), run.cli().out());
        assertTrue(
                run.lastLine()
                        .startsWith("FAILED: t/0: receiver-1@localhost cannot connect to " + url
                                + ": protocol mismatch: 127.0.0.1:" + sut.port() + " answered in AMQP 1.0"),
                run.lastLine());
        assertTrue(run.lastLine().contains("use amqp://host:port/<address>"), run.lastLine());
    }

    @Test
    void aRefusedRabbitMqLoginExitsThreeNamingTheRefusalFirstWithoutThePassword() throws Exception {
        LocalRabbitMq.assumeRunning();
        Run run = runAgainst("rabbitmq://guest:first-cause-wrong@127.0.0.1:5672/?queue=maestro-first-cause-login");

        assertEquals(
                ExitCode.INFRASTRUCTURE.code(),
                run.cli().exitCode(),
                run.cli().out() + run.cli().err());
        String cause =
                "receiver-1@localhost: RabbitMQ at rabbitmq://***@127.0.0.1:5672/?queue=maestro-first-cause-login"
                        + " refused the login of user 'guest' (ACCESS_REFUSED";
        assertTrue(run.lastLine().startsWith("FAILED: t/0: " + cause), run.lastLine());
        assertTrue(run.lastLine().contains("check the user name and password in the URL"), run.lastLine());
        assertTrue(run.reason().startsWith(cause), run.reason());
        assertFalse((run.cli().out() + run.cli().err()).contains("first-cause-wrong"), "the password is never printed");
        assertFalse(run.reason().contains("first-cause-wrong"), run.reason());
    }

    @Test
    void aRefusedAmqp10LoginExitsThreeNamingTheRefusalFirstWithoutThePassword() throws Exception {
        EmbeddedArtemis secured = EmbeddedArtemis.builder()
                .amqp()
                .name("first-cause-secured")
                .withoutJmx()
                .user("maestro", "r1ght-pa55")
                .start();
        try {
            String queue = "first-cause.login";
            Run run = runAgainst(
                    "amqp://maestro:first-cause-wrong@" + secured.host() + ":" + secured.amqpPort() + "/" + queue);

            assertEquals(
                    ExitCode.INFRASTRUCTURE.code(),
                    run.cli().exitCode(),
                    run.cli().out() + run.cli().err());
            String cause = "receiver-1@localhost: amqp://***@" + secured.host() + ":" + secured.amqpPort() + "/" + queue
                    + " refused the login of user 'maestro'";
            assertTrue(run.lastLine().startsWith("FAILED: t/0: " + cause), run.lastLine());
            assertTrue(run.lastLine().contains("check the user name and password in the URL"), run.lastLine());
            assertTrue(
                    run.lastLine().indexOf("lost messages unknown")
                            > run.lastLine().indexOf(cause),
                    "the consequence follows the cause: " + run.lastLine());
            assertTrue(run.reason().startsWith(cause), run.reason());
            assertFalse(
                    (run.cli().out() + run.cli().err()).contains("first-cause-wrong"), "the password is never printed");
        } finally {
            secured.close();
        }
    }

    @Test
    void anInspectorThatCannotReachItsManagementDegradesTheRunUnlessTheScriptRequiresIt() throws Exception {
        assertDegradedUnlessRequired(
                "http://admin:wrong-password@127.0.0.1:" + FreePorts.next() + "/console/jolokia",
                "artemis",
                "the artemis inspector cannot start");
    }

    @Test
    void aManagementInterfaceThatRefusesTheLoginDegradesTheRunUnlessTheScriptRequiresIt() throws Exception {
        LocalRabbitMq.assumeManagement();
        assertDegradedUnlessRequired(
                "http://guest:wrong-password@127.0.0.1:15672/api",
                "rabbitmq",
                "the rabbitmq inspector cannot start: http://guest:***@127.0.0.1:15672/api refused the credentials of "
                        + "user 'guest' (HTTP 401)");
    }

    /**
     * Runs the load against the embedded Artemis with an inspector whose management interface fails: the run passes
     * and its page says there is no SUT data; with {@code requireInspector true} it exits 3 naming the inspector.
     */
    private void assertDegradedUnlessRequired(String management, String inspector, String cause) throws Exception {
        Map<String, String> environment = new HashMap<>();
        environment.put("SEND_RECEIVE_URL", sut.base() + "/first-cause.inspected");
        environment.put("MANAGEMENT_INTERFACE", management);
        environment.put("INSPECTOR_NAME", inspector);

        Run degraded = run("maestro.fixedRate { name 'inspected'; rate 20; duration '2s' }\n", environment);

        assertEquals(
                ExitCode.OK.code(),
                degraded.cli().exitCode(),
                degraded.cli().out() + degraded.cli().err());
        assertEquals("PASSED", degraded.lastLine());
        assertTrue(
                degraded.cli().out().contains("inspector-1@localhost: " + cause),
                degraded.cli().out());
        assertTrue(
                degraded.cli().out().contains("the test goes on without SUT data"),
                degraded.cli().out());
        assertFalse(
                degraded.cli().out().contains("wrong-password"), degraded.cli().out());
        String page = Files.readString(work.resolve("results/inspected/iteration-0.html"));
        assertTrue(
                page.contains("inspector-1@localhost (inspector) did not start")
                        && page.contains("this test has no data of the system under test"),
                "the page says the inspector did not start");
        assertFalse(page.contains("wrong-password"), "the page shows no password");

        Run required = run(
                "maestro.fixedRate { name 'required'; rate 20; duration '2s'; requireInspector true }\n",
                environment,
                "--no-report");

        assertEquals(
                ExitCode.INFRASTRUCTURE.code(),
                required.cli().exitCode(),
                required.cli().out());
        assertTrue(
                required.lastLine().startsWith("FAILED: required/0: inspector-1@localhost: " + cause),
                required.lastLine());
        assertFalse(
                required.cli().out().contains("wrong-password"), required.cli().out());
    }

    @Test
    void withoutAnyInspectorPeerTheRunGoesOnAndItsPageSaysItHasNoSutData() throws Exception {
        List<EmbeddedCluster.PeerSpec> loadOnly = Roles.embeddedPeers(processes -> {}).stream()
                .filter(peer -> peer.name().startsWith("sender") || peer.name().startsWith("receiver"))
                .toList();
        // its own SUT is never started: the load goes to the class's Artemis
        try (EmbeddedCluster noInspector = EmbeddedCluster.start(loadOnly, EmbeddedSut.onFreePort(false, note -> {}))) {
            Path file = work.resolve("NoInspector.groovy");
            Files.writeString(file, "maestro.fixedRate { name 'alone'; rate 20; duration '2s' }\n");
            CliRun cli = CliRun.runWithEnvironment(
                    Map.of(
                            "SEND_RECEIVE_URL", sut.base() + "/first-cause.alone",
                            "MANAGEMENT_INTERFACE", "http://127.0.0.1:" + FreePorts.next() + "/console/jolokia"),
                    "run",
                    file.toString(),
                    "--maestro-url",
                    noInspector.controlUrl(),
                    "--results",
                    work.resolve("results").toString());

            assertEquals(ExitCode.OK.code(), cli.exitCode(), cli.out() + cli.err());
            assertTrue(cli.out().contains("no inspector answered on "), cli.out());
            JsonNode roster =
                    JSON.readTree(work.resolve("results/alone/0/roster.json").toFile());
            String inspectors = roster.get("peers").findValues("role").toString();
            assertTrue(inspectors.contains("\"inspector\""), roster.toString());
            String page = Files.readString(work.resolve("results/alone/iteration-0.html"));
            assertTrue(
                    page.contains("inspector (inspector) did not start: no inspector peer answered on ")
                            && page.contains("this test has no data of the system under test"),
                    "the page says the test has no SUT data");
        }
    }

    @Test
    void aWrongDriverOptionOrAnAddresslessUrlInTheScriptExitsTwoBeforeAnyPeerIsAsked() throws Exception {
        for (String url : List.of("amqp://127.0.0.1:" + sut.port() + "/q?bogus=1", "amqp://127.0.0.1:" + sut.port())) {
            Run run = run("maestro.fixedRate { name 'wrong'; sut '" + url + "'; rate 20; duration '2s' }\n", Map.of());

            assertEquals(
                    ExitCode.USAGE.code(),
                    run.cli().exitCode(),
                    run.cli().out() + run.cli().err());
            List<String> lines = run.cli().err().strip().lines().toList();
            assertEquals(1, lines.size(), run.cli().err());
            assertTrue(lines.get(0).startsWith("maestro-cli run: SEND_RECEIVE_URL: "), lines.get(0));
            assertFalse(lines.get(0).contains("SEND_RECEIVE_URL: SEND_RECEIVE_URL"), lines.get(0));
            assertFalse(Files.exists(work.resolve("results/wrong")), "no iteration was started for " + url);
        }
    }

    @Test
    void inEmbeddedModeAWrongUrlInTheScriptIsRefusedBeforeTheControlBrokerAndThePeersStart() throws Exception {
        Path script = work.resolve("Embedded.groovy");
        Files.writeString(script, "maestro.fixedRate { name 'wrong'; sut 'amqp://127.0.0.1:5672'; rate 20 }\n");
        CliRun run = CliRun.runWithEnvironment(
                Map.of(),
                "run",
                script.toString(),
                "--results",
                work.resolve("results").toString());

        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.out() + run.err());
        assertEquals(
                "maestro-cli run: SEND_RECEIVE_URL: the URL amqp://127.0.0.1:5672 names no destination: add "
                        + "/<queue or topic name>, e.g. amqp://host:5672/test.queue",
                run.err().strip());
        assertFalse(run.out().contains("starting a control broker"), run.out());
    }

    @Test
    void aSyntaxErrorAndAWrongUrlAreRefusedBeforeTheControlBrokerIsContacted() throws Exception {
        String nowhere = "mqtt://127.0.0.1:" + FreePorts.next();
        Path broken = work.resolve("Broken.groovy");
        Files.writeString(broken, "maestro.fixedRate {\n    rate 10 +\n}\n");
        CliRun syntax = CliRun.runWithEnvironment(Map.of(), "run", broken.toString(), "--maestro-url", nowhere);

        assertEquals(ExitCode.USAGE.code(), syntax.exitCode(), syntax.err());
        assertEquals(1, syntax.err().strip().lines().count(), syntax.err());
        assertTrue(syntax.err().startsWith("maestro-cli run: syntax error in " + broken + ":"), syntax.err());

        Path fine = work.resolve("Fine.groovy");
        Files.writeString(fine, "maestro.fixedRate { rate 10 }\n");
        CliRun url = CliRun.runWithEnvironment(
                Map.of("SEND_RECEIVE_URL", "foo"), "run", fine.toString(), "--maestro-url", nowhere);

        assertEquals(ExitCode.USAGE.code(), url.exitCode(), url.err());
        assertEquals(
                "maestro-cli run: SEND_RECEIVE_URL: 'foo' is not a URL: expected e.g. amqp://host:5672/test.queue",
                url.err().strip());
    }
}
