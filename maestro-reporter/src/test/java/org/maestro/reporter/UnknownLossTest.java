package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.IterationPage;
import org.maestro.reporter.out.JUnitXml;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.read.PeerEnd;
import org.maestro.reporter.read.Roster;
import org.maestro.reporter.testing.ResultsAudit;
import org.roaringbitmap.RoaringBitmap;

/**
 * Loss is reported only when every sender's and receiver's counts arrived: one sender (100 messages on one connection)
 * to {@code orders}, received by receiver-1 (0..59) and, in the runs where it survived, receiver-2 (60..99).
 */
class UnknownLossTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    @Test
    void aReceiverThatDiedMakesTheLossUnknownEverywhereAndIsListedWithHowItEnded() throws IOException {
        Path iteration = results.resolve("one-dead/0");
        writeSender(iteration, 100);
        writeReceiver(iteration, "receiver-1@alpha", 0, 60);
        writeRoster(
                iteration,
                "run-1",
                PeerEnd.STOPPED,
                PeerEnd.STOPPED,
                PeerEnd.DIED,
                "disconnected abnormally at 12:00:03");

        TestSummary summary = Reporter.summarize(iteration);
        MessageCounts m = summary.messages();
        assertEquals(100L, m.sent(), "the sender's count arrived");
        assertEquals(60, m.received(), "what the surviving receiver got");
        assertNull(m.lost(), "not 40: receiver-2 may have got them");
        assertNull(m.refused());
        assertNull(m.vanished());
        assertFalse(m.lostKnown());
        assertNull(m.lostPercent());
        assertTrue(
                m.unknownReason().contains("receiver-2@beta")
                        && m.unknownReason().contains("died"),
                m.unknownReason());
        assertNull(summary.streams().get(0).lost(), "the stream's loss is unknown too");
        PeerSummary dead = summary.peers().stream()
                .filter(p -> p.name().equals("receiver-2"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the dead receiver is in the peer table: " + summary.peers()));
        assertNull(dead.count());
        assertEquals("died: disconnected abnormally at 12:00:03", dead.ended());
        assertEquals(
                "stopped",
                summary.peers().stream()
                        .filter(p -> p.name().equals("receiver-1@alpha"))
                        .findFirst()
                        .orElseThrow()
                        .ended());

        Reporter.build(results);
        ResultsAudit.assertConsistent(iteration);
        Path test = results.resolve("one-dead");
        JsonNode messages = JSON.readTree(test.resolve(SummaryJson.FILE_NAME).toFile())
                .path("iterations")
                .path(0)
                .path("messages");
        assertTrue(messages.has("lost") && messages.get("lost").isNull(), "lost is null, not absent: " + messages);
        assertEquals(100, messages.path("sent").asLong());
        assertFalse(messages.path("lostKnown").asBoolean(true), messages.toString());
        assertTrue(messages.path("unknownReason").asText().contains("receiver-2@beta"), messages.toString());
        assertNull(
                SummaryJson.read(test.resolve(SummaryJson.FILE_NAME))
                        .iterations()
                        .get(0)
                        .messages()
                        .lost(),
                "summary.json reads back as unknown");

        String junit = Files.readString(test.resolve(JUnitXml.FILE_NAME));
        assertTrue(junit.contains("lost=unknown") && junit.contains("receiver-2@beta"), junit);
        String page = Files.readString(test.resolve(IterationPage.fileName(0)));
        int card = page.indexOf("id=\"card-lost\"");
        assertTrue(card > 0 && page.substring(card, card + 200).contains("unknown"), "the Lost card says unknown");
        assertTrue(
                page.contains("<tr class=\"missing\"><td>receiver-2</td><td>receiver</td><td>beta</td>"),
                "the dead peer has a row");
        assertTrue(page.contains("died: disconnected abnormally at 12:00:03"), "with how it ended");
    }

    @Test
    void aSenderThatDiedMakesSentAndLostUnknown() throws IOException {
        Path iteration = results.resolve("sender-dead/0");
        writeReceiver(iteration, "receiver-1@alpha", 0, 60);
        writeReceiver(iteration, "receiver-2@beta", 60, 100);
        writeRoster(iteration, "run-2", PeerEnd.DIED, PeerEnd.FINISHED, PeerEnd.FINISHED, "");

        MessageCounts m = Reporter.summarize(iteration).messages();
        assertNull(m.sent(), "the sender's count is missing: not 0");
        assertEquals(100, m.received());
        assertNull(m.lost());
        assertTrue(m.unknownReason().startsWith("sender-1@alpha (sender of 'orders') died"), m.unknownReason());
        Reporter.build(results);
        ResultsAudit.assertConsistent(iteration);
    }

    @Test
    void everyReceiverGoneLeavesLostUnknownNotZero() throws IOException {
        Path iteration = results.resolve("all-dead/0");
        writeSender(iteration, 100);
        writeRoster(iteration, "run-3", PeerEnd.STOPPED, PeerEnd.DIED, PeerEnd.NO_FILES, "did not send its files");

        MessageCounts m = Reporter.summarize(iteration).messages();
        assertEquals(0, m.received());
        assertNull(m.lost());
        assertTrue(
                m.unknownReason().contains("receiver-1@alpha")
                        && m.unknownReason().contains("receiver-2@beta")
                        && m.unknownReason().contains("files not collected: did not send its files"),
                m.unknownReason());
        Reporter.build(results);
        ResultsAudit.assertConsistent(iteration);
    }

    @Test
    void withoutARosterAReceiverDirectoryWithoutResultsStillMakesTheLossUnknown() throws IOException {
        Path iteration = results.resolve("no-roster/0");
        writeSender(iteration, 100);
        writeReceiver(iteration, "receiver-1@alpha", 0, 60);
        SyntheticResults.peer(iteration, "receiver-2@beta", "receiver");

        MessageCounts m = Reporter.summarize(iteration).messages();
        assertNull(m.lost());
        assertTrue(m.unknownReason().contains("receiver-2@beta"), m.unknownReason());
        Reporter.build(results);
        ResultsAudit.assertConsistent(iteration);
    }

    @Test
    void whenEveryPeerDeliveredLostIsANumberAgain() throws IOException {
        Path iteration = results.resolve("complete/0");
        writeSender(iteration, 100);
        writeReceiver(iteration, "receiver-1@alpha", 0, 60);
        writeReceiver(iteration, "receiver-2@beta", 60, 97);
        writeRoster(iteration, "run-4", PeerEnd.FINISHED, PeerEnd.FINISHED, PeerEnd.IDLE, "");

        MessageCounts m = Reporter.summarize(iteration).messages();
        assertEquals(3L, m.lost());
        assertTrue(m.lostKnown());
        assertNull(m.unknownReason());
        assertNotNull(m.lostPercent());
        assertEquals(3.0, m.lostPercent(), 1e-9);
        Reporter.build(results);
        ResultsAudit.assertConsistent(iteration);
    }

    /**
     * Writes the roster of the three peers of these tests, sender-1@alpha, receiver-1@alpha and receiver-2@beta, with
     * how each ended; only receiver-2's end has a detail.
     */
    private static void writeRoster(
            Path iteration, String runId, PeerEnd sender, PeerEnd receiver1, PeerEnd receiver2, String receiver2Detail)
            throws IOException {
        List<Roster.Entry> entries = List.of(
                entry("sender-1@alpha", "sender", sender, ""),
                entry("receiver-1@alpha", "receiver", receiver1, ""),
                entry("receiver-2@beta", "receiver", receiver2, receiver2Detail));
        new Roster(Roster.FORMAT_VERSION, runId, entries).write(iteration);
    }

    private static Roster.Entry entry(String name, String role, PeerEnd ended, String detail) {
        return new Roster.Entry(name, role, name.substring(name.indexOf('@') + 1), "orders", ended, detail);
    }

    private static void writeSender(Path iteration, long count) throws IOException {
        SyntheticPeerResult.sender("sender-1@alpha").stream(
                        new PeerResult.Stream("sender-1@alpha", 0, count, 0, 0, 0, null))
                .verdict(PeerResult.SUCCESS, "sent")
                .writeIn(SyntheticResults.peer(iteration, "sender-1@alpha", "sender"));
    }

    private static void writeReceiver(Path iteration, String name, long from, long to) throws IOException {
        RoaringBitmap got = new RoaringBitmap();
        got.add(from, to);
        SyntheticPeerResult.receiver(name).stream(
                        new PeerResult.Stream("sender-1@alpha", 0, to - from, 0, 0, 0, PeerResult.Stream.encode(got)))
                .verdict(PeerResult.SUCCESS, "received")
                .writeIn(SyntheticResults.peer(iteration, name, "receiver"));
    }
}
