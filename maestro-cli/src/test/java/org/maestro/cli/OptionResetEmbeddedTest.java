package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.cli.testing.RecordedParameters;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.TestOptions;

/**
 * One embedded script, two tests on the same peers: the first sets every parameter, the second only its name, SUT,
 * rate and duration. The second runs, records and shows the defaults of everything else, as if it ran alone.
 */
class OptionResetEmbeddedTest {
    /** What the first test sets, by parameter, beside the URLs: each differs from the default. */
    private static final Map<String, String> FIRST = Map.ofEntries(
            Map.entry("MESSAGE_SIZE", "1000"),
            Map.entry("PARALLEL_COUNT", "3"),
            Map.entry("RATE", "50"),
            Map.entry("TEST_DURATION", "60"),
            Map.entry("WARM_UP", "1s"),
            Map.entry("MAXIMUM_LATENCY", "20000"),
            Map.entry("MAXIMUM_LATENCY_MODE", "hard"),
            Map.entry("INSPECTION_INTERVAL", "2s"),
            Map.entry("DRAIN_TIMEOUT", "20s"),
            Map.entry("RESEND_RELEASED", "true"),
            Map.entry("PRIMING_MESSAGES", "10"),
            Map.entry("LOG_LEVEL", "debug"),
            Map.entry("EXT_POINT_SOURCE", "/srv/handlers"),
            Map.entry("EXT_POINT_BRANCH", "main"),
            Map.entry("EXT_POINT_COMMAND", "restart 1"));

    @TempDir
    Path work;

    @Test
    void theSecondTestOfAScriptRunsRecordsAndShowsTheDefaultsOfWhatItDoesNotSet() throws Exception {
        StringBuilder first = new StringBuilder();
        FIRST.forEach((parameter, value) -> first.append("    option '")
                .append(parameter)
                .append("', '")
                .append(value)
                .append("'\n"));
        Path script = work.resolve("TwoTests.groovy");
        Files.writeString(script, """
                maestro.fixedRate {
                    name 'reset-a'
                    sendUrl maestro.sutUrl('reset.a')
                    receiveUrl maestro.sutUrl('reset.a') + '?jms.prefetchPolicy.all=100'
                FIRST}
                maestro.fixedRate { name 'reset-b'; sut maestro.sutUrl('reset.b'); rate 50; duration '40' }
                """.replace("FIRST", first));
        Path results = work.resolve("results");

        CliRun run = CliRun.runWithEnvironment(
                Map.of(), "run", script.toString(), "--results", results.toString(), "--progress-interval", "10s");

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
        Path a = results.resolve("reset-a/0");
        Path b = results.resolve("reset-b/0");
        Map<String, String> firstSender = RecordedParameters.ofPeer(PeerDirectories.find(a, "sender-"));
        FIRST.forEach((parameter, value) -> assertEquals(value, firstSender.get(parameter), parameter));
        String sendA = firstSender.get("SEND_URL");
        assertTrue(sendA.endsWith("/reset.a"), firstSender.toString());
        assertEquals(sendA + "?jms.prefetchPolicy.all=100", firstSender.get("RECEIVE_URL"));
        assertFalse(firstSender.containsKey("SEND_RECEIVE_URL"), "two URLs are recorded as two: " + firstSender);
        long sentA = PeerResult.read(PeerDirectories.find(a, "sender-").resolve(PeerResult.FILE_NAME))
                .count();
        assertTrue(sentA >= 3 * 60, "3 connections × 60 messages at least (warm-up aside): " + sentA);

        // the second test: what it does not set is the default on every load peer, and nothing of the first remains
        String sendB = sendA.replace("/reset.a", "/reset.b");
        Map<String, String> expected = new TreeMap<>();
        TestOptions.DEFAULT_VALUES.forEach((option, value) -> expected.put(option.parameter(), value));
        expected.put("RATE", "50");
        expected.put("TEST_DURATION", "40");
        expected.put("SEND_RECEIVE_URL", sendB);
        expected.put("TEST_NAME", "reset-b");
        expected.put("TEST_ITERATION", "0");
        Set<String> setByTheClient = Set.of("RUN_ID", "MANAGEMENT_INTERFACE", "INSPECTOR_NAME");
        for (String role : new String[] {"sender-", "receiver-"}) {
            Map<String, String> recorded = RecordedParameters.ofPeer(PeerDirectories.find(b, role));
            Map<String, String> compared = new TreeMap<>(recorded);
            compared.keySet().removeAll(setByTheClient);
            assertEquals(expected, compared, role + " of reset-b recorded " + recorded);
        }
        PeerResult sent = PeerResult.read(PeerDirectories.find(b, "sender-").resolve(PeerResult.FILE_NAME));
        PeerResult received =
                PeerResult.read(PeerDirectories.find(b, "receiver-").resolve(PeerResult.FILE_NAME));
        assertEquals(40, sent.count(), "1 connection × 40 messages, not the first test's 3 connections");
        assertEquals(40, received.count());

        // the start lines say what the peers ran
        String printed = run.out() + run.err();
        assertTrue(
                printed.contains("start reset-a #0: 3 connections × 50 msg/s, 1000 bytes, 60 (+ warm-up 1s) → send "
                        + sendA + ", receive " + sendA + "?jms.prefetchPolicy.all=100"),
                printed);
        Map<String, String> secondSender = RecordedParameters.ofPeer(PeerDirectories.find(b, "sender-"));
        String startB = String.format(
                "start reset-b #0: %s connections × %s msg/s, %s bytes, %s → %s",
                secondSender.get("PARALLEL_COUNT"),
                secondSender.get("RATE"),
                secondSender.get("MESSAGE_SIZE"),
                secondSender.get("TEST_DURATION"),
                secondSender.get("SEND_RECEIVE_URL"));
        assertEquals("start reset-b #0: 1 connections × 50 msg/s, 256 bytes, 40 → " + sendB, startB);
        assertTrue(printed.contains(startB + "\n") || printed.contains(startB + "\r"), printed);

        // the report's parameter tables show what the peers recorded, both URLs for the first test
        Map<String, String> tableB = RecordedParameters.ofReport(results.resolve("reset-b/iteration-0.html"));
        Map<String, String> recordedB = new TreeMap<>(secondSender);
        recordedB.remove("RUN_ID");
        assertEquals(recordedB, tableB);
        Map<String, String> tableA = RecordedParameters.ofReport(results.resolve("reset-a/iteration-0.html"));
        assertEquals(sendA, tableA.get("SEND_URL"));
        assertEquals(sendA + "?jms.prefetchPolicy.all=100", tableA.get("RECEIVE_URL"));
        assertFalse(tableA.containsKey("SEND_RECEIVE_URL"), tableA.toString());
    }
}
