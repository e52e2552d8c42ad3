package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.cli.testing.RecordedParameters;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;

/**
 * Two {@code maestro-cli run}s against the same worker processes: the first with SEND_URL and RECEIVE_URL and many
 * parameters, the second with SEND_RECEIVE_URL only. The second's load goes to its own queue, counted by the SUT
 * broker itself, and it runs, records and reports the defaults, even when options were left on the workers by a
 * client that never reset them.
 */
class OptionResetDistributedTest {
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path work;

    @Test
    void aSecondRunOnTheSameWorkersSendsToItsOwnUrlWithTheDefaultsAndReportsOnlyThem() throws Exception {
        try (DistributedCluster cluster = DistributedCluster.start("reset", work)) {
            String first = cluster.sut().amqpUrl("reset.first");
            String firstReceive = first + "?jms.prefetchPolicy.all=100";
            String second = cluster.sut().amqpUrl("reset.second");
            Path results = work.resolve("results");
            Path firstScript = work.resolve("First.groovy");
            Files.writeString(firstScript, """
                    maestro.test { name 'first'; parallelCount 2; messageSize 1000; rate 100; duration '100'
                        warmUp '1s'; maximumLatency 20000; option 'PRIMING_MESSAGES', 10 }
                    """);

            CliRun one = CliRun.runWithEnvironment(
                    Map.of("SEND_URL", first, "RECEIVE_URL", firstReceive),
                    "run",
                    firstScript.toString(),
                    "--maestro-url",
                    cluster.mosquitto().url(),
                    "--results",
                    results.toString(),
                    "--no-report");

            assertEquals(ExitCode.OK.code(), one.exitCode(), one.out() + one.err());
            assertTrue(
                    (one.out() + one.err())
                            .contains("2 connections × 100 msg/s, 1000 bytes, 100 (+ warm-up 1s) → send " + first
                                    + ", receive " + firstReceive),
                    one.out());
            long firstQueue = cluster.sut().messagesAdded("reset.first").orElse(0);
            assertTrue(firstQueue >= 2 * (100 + 10), "2 connections × (100 + 10 priming) at least: " + firstQueue);
            assertNoOptionHeld(cluster, "after the first run");

            // a client that dies mid-test leaves its options on the workers: the next run must not inherit them
            try (ControlClient other =
                    ControlClient.connect(MqttEndpoint.parse(cluster.mosquitto().url()))) {
                for (Map.Entry<OptionCode, String> left : Map.of(
                                OptionCode.SEND_URL, first,
                                OptionCode.RECEIVE_URL, firstReceive,
                                OptionCode.PARALLEL_COUNT, "3",
                                OptionCode.MESSAGE_SIZE, "1000",
                                OptionCode.PRIMING_MESSAGES, "10")
                        .entrySet()) {
                    Replies set = other.request(
                                    Topics.ALL_PEERS,
                                    Note.request(
                                            Command.SET,
                                            new Payload.SetOption(left.getKey().code(), left.getValue())),
                                    2,
                                    REPLY_TIMEOUT)
                            .get(15, TimeUnit.SECONDS);
                    assertTrue(set.allOk(), set.describeErrors());
                }
            }

            Path secondScript = work.resolve("Second.groovy");
            Files.writeString(secondScript, "maestro.test { name 'second'; rate 100; duration '50' }\n");
            CliRun two = CliRun.runWithEnvironment(
                    Map.of("SEND_RECEIVE_URL", second),
                    "run",
                    secondScript.toString(),
                    "--maestro-url",
                    cluster.mosquitto().url(),
                    "--results",
                    results.toString());

            assertEquals(ExitCode.OK.code(), two.exitCode(), two.out() + two.err());
            // where the load went, as the SUT broker counts it: 1 connection × (50 + 1000 priming messages)
            assertEquals(OptionalLong.of(50 + 1000), cluster.sut().messagesAdded("reset.second"));
            assertEquals(
                    OptionalLong.of(firstQueue),
                    cluster.sut().messagesAdded("reset.first"),
                    "nothing of the second run went to the first run's queue");
            assertTrue(
                    (two.out() + two.err()).contains("1 connections × 100 msg/s, 256 bytes, 50 → " + second),
                    two.out());

            Path iteration = results.resolve("second/0");
            Map<String, String> sender = RecordedParameters.ofPeer(PeerDirectories.find(iteration, "sender-reset@"));
            Map<String, String> receiver =
                    RecordedParameters.ofPeer(PeerDirectories.find(iteration, "receiver-reset@"));
            for (Map<String, String> recorded : List.of(sender, receiver)) {
                assertEquals(second, recorded.get("SEND_RECEIVE_URL"), recorded.toString());
                assertFalse(
                        recorded.containsKey("SEND_URL") || recorded.containsKey("RECEIVE_URL"), recorded.toString());
                assertEquals("1", recorded.get("PARALLEL_COUNT"));
                assertEquals("256", recorded.get("MESSAGE_SIZE"));
                assertEquals("1000", recorded.get("PRIMING_MESSAGES"));
                assertEquals("0", recorded.get("WARM_UP"));
                assertEquals("0", recorded.get("MAXIMUM_LATENCY"));
            }
            assertEquals(
                    50,
                    PeerResult.read(PeerDirectories.find(iteration, "sender-reset@")
                                    .resolve(PeerResult.FILE_NAME))
                            .count());
            Map<String, String> table = RecordedParameters.ofReport(results.resolve("second/iteration-0.html"));
            Map<String, String> expected = new TreeMap<>(sender);
            expected.remove("RUN_ID");
            assertEquals(expected, table, "the report lists what the peers used, the second run's URL only");
            assertNoOptionHeld(cluster, "after the second run");
        }
    }

    /** Every worker answers GET without an {@code option.*} detail: it holds no option. */
    private static void assertNoOptionHeld(DistributedCluster cluster, String when) throws Exception {
        try (ControlClient client =
                ControlClient.connect(MqttEndpoint.parse(cluster.mosquitto().url()))) {
            for (Role role : List.of(Role.SENDER, Role.RECEIVER)) {
                Replies get = client.request(Topics.role(role), Note.request(Command.GET), 1, REPLY_TIMEOUT)
                        .get(15, TimeUnit.SECONDS);
                assertEquals(1, get.notes().size(), role.label() + " answered GET " + when);
                Map<String, String> details =
                        ((Payload.Notice) get.notes().get(0).payload()).details();
                assertTrue(
                        details.keySet().stream().noneMatch(k -> k.startsWith("option.")),
                        "the " + role.label() + " holds no option " + when + ": " + details);
            }
        }
    }
}
