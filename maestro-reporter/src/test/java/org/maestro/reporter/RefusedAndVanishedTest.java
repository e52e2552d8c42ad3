package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.IterationPage;
import org.maestro.reporter.out.JUnitXml;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.testing.ResultsAudit;
import org.roaringbitmap.RoaringBitmap;

/**
 * The split of lost messages into refused (the sender was told) and vanished, from hand-built peer-result.json files
 * with RoaringBitmaps: two senders' streams to one address, received in parts by two receivers.
 *
 * <pre>
 * sender-1#0: 100 sent; refused 10..19 and 50 (released/rejected); 15 arrived anyway (refused, then delivered);
 *             receiver-1 got 0..9 and 20..39, receiver-2 got 40..99 but 50, 60, 61, and 15
 *             → received 88, lost 12, refused 10 (10..14, 16..19, 50), vanished 2 (60, 61)
 * sender-1#1: 50 sent, nothing refused; receiver-1 got 0..47 → received 48, lost 2, refused 0, vanished 2
 * sender-2#0: 30 sent by a sender that did not count outcomes; receiver-2 got 0..27 → lost 2, all vanished
 * total:      180 sent = 164 received + 10 refused + 6 vanished
 * </pre>
 */
class RefusedAndVanishedTest {
    private static final OutcomeCounts SENDER_1_CONNECTION_0 = new OutcomeCounts(89, 8, 2, 1, 3);
    private static final OutcomeCounts SENDER_1_CONNECTION_1 = new OutcomeCounts(50, 0, 0, 0, 0);

    @TempDir
    Path results;

    @Test
    void lostSplitsIntoRefusedAndVanishedSoThatSentIsReceivedPlusRefusedPlusVanished() throws IOException {
        Path iteration = writeIteration();
        TestSummary summary = Reporter.summarize(iteration);
        MessageCounts m = summary.messages();
        assertEquals(180, m.sent());
        assertEquals(164, m.received());
        assertEquals(16, m.lost());
        assertEquals(10, m.refused());
        assertEquals(6, m.vanished());
        assertEquals(m.sent(), m.received() + m.refused() + m.vanished());
        assertEquals(
                SENDER_1_CONNECTION_0.plus(SENDER_1_CONNECTION_1),
                m.outcomes(),
                "the outcomes of the senders that counted them");

        Map<String, StreamSummary> streams = new java.util.HashMap<>();
        summary.streams().forEach(s -> streams.put(s.sender() + "#" + s.connection(), s));
        assertStream(streams.get("sender-1@alpha#0"), 100, 88, 12, 10, 2);
        assertStream(streams.get("sender-1@alpha#1"), 50, 48, 2, 0, 2);
        assertStream(streams.get("sender-2@alpha#0"), 30, 28, 2, 0, 2);
    }

    @Test
    void summaryJunitAndPageShowTheSplitAndTheOutcomes() throws IOException {
        writeIteration();
        Reporter.build(results);
        Path test = results.resolve("outcomes");
        ResultsAudit.assertConsistent(test.resolve("0"));
        JsonNode messages = new ObjectMapper()
                .readTree(test.resolve(SummaryJson.FILE_NAME).toFile())
                .path("iterations")
                .path(0)
                .path("messages");
        assertEquals(10, messages.path("refused").asLong(), messages.toString());
        assertEquals(6, messages.path("vanished").asLong(), messages.toString());
        assertEquals(8, messages.path("outcomes").path("released").asLong(), messages.toString());
        assertEquals(139, messages.path("outcomes").path("accepted").asLong(), messages.toString());
        assertEquals(2, messages.path("outcomes").path("rejected").asLong(), messages.toString());
        assertEquals(1, messages.path("outcomes").path("modified").asLong(), messages.toString());
        assertEquals(3, messages.path("outcomes").path("failed").asLong(), messages.toString());
        assertEquals(
                10,
                SummaryJson.read(test.resolve(SummaryJson.FILE_NAME))
                        .iterations()
                        .get(0)
                        .messages()
                        .refused(),
                "summary.json reads back");

        String junit = Files.readString(test.resolve(JUnitXml.FILE_NAME));
        assertTrue(
                junit.contains("lost=16 ")
                        && junit.contains("refused=10 vanished=6")
                        && junit.contains("accepted=139 released=8 rejected=2 modified=1 failed=3"),
                junit);

        String page = Files.readString(test.resolve(IterationPage.fileName(0)));
        assertTrue(page.contains("refused 10 · vanished 6"), "the Lost card splits: " + page);
        assertTrue(page.contains("id=\"card-outcomes\""), "a card of the outcomes");
        assertTrue(page.contains("released 8 · rejected 2 · modified 1 · failed 3"), "outcome counts on the page");
        assertTrue(page.contains("released (senders)"), "released per second in the rate chart");
    }

    private static void assertStream(
            StreamSummary stream, long sent, long received, long lost, long refused, long vanished) {
        assertNotNull(stream);
        String name = stream.sender() + "#" + stream.connection();
        assertEquals(sent, stream.sent(), name + " sent");
        assertEquals(received, stream.received(), name + " received");
        assertEquals(lost, stream.lost(), name + " lost");
        assertEquals(refused, stream.refused(), name + " refused");
        assertEquals(vanished, stream.vanished(), name + " vanished");
    }

    private Path writeIteration() throws IOException {
        Path iteration = results.resolve("outcomes/0");
        Path sender1 = SyntheticResults.peer(iteration, "sender-1@alpha", "sender");
        Path sender2 = SyntheticResults.peer(iteration, "sender-2@alpha", "sender");
        Path receiver1 = SyntheticResults.peer(iteration, "receiver-1@alpha", "receiver");
        Path receiver2 = SyntheticResults.peer(iteration, "receiver-2@beta", "receiver");

        RoaringBitmap refused = bitmap(10, 20);
        refused.add(50);
        SyntheticPeerResult.sender("sender-1@alpha", SENDER_1_CONNECTION_0.plus(SENDER_1_CONNECTION_1)).stream(
                        new PeerResult.Stream(
                                "sender-1@alpha",
                                0,
                                100,
                                14,
                                0,
                                0,
                                null,
                                SENDER_1_CONNECTION_0,
                                PeerResult.Stream.encode(refused)))
                .stream(new PeerResult.Stream(
                        "sender-1@alpha",
                        1,
                        50,
                        0,
                        0,
                        0,
                        null,
                        SENDER_1_CONNECTION_1,
                        PeerResult.Stream.encode(new RoaringBitmap())))
                .counts(14, 0, 0)
                .verdict(PeerResult.SUCCESS, "sent 150")
                .writeIn(sender1);
        SyntheticPeerResult.sender("sender-2@alpha").stream(
                        new PeerResult.Stream("sender-2@alpha", 0, 30, 0, 0, 0, null))
                .verdict(PeerResult.SUCCESS, "sent 30")
                .writeIn(sender2);

        RoaringBitmap r1s10 = bitmap(0, 10);
        r1s10.add(20L, 40L);
        RoaringBitmap r2s10 = bitmap(40, 100);
        r2s10.remove(50);
        r2s10.remove(60);
        r2s10.remove(61);
        r2s10.add(15);
        receiverResult(
                receiver1,
                "receiver-1@alpha",
                List.of(stream("sender-1@alpha", 0, r1s10), stream("sender-1@alpha", 1, bitmap(0, 48))));
        receiverResult(
                receiver2,
                "receiver-2@beta",
                List.of(stream("sender-1@alpha", 0, r2s10), stream("sender-2@alpha", 0, bitmap(0, 28))));

        Files.writeString(
                sender1.resolve("rate.csv"),
                "# maestro-rate v3\n"
                        + "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed\n"
                        + "2000,1000,100,100,6,false,90,5,1,0,0\n"
                        + "3000,1000,50,50,8,false,49,3,1,1,3\n");
        Files.writeString(
                receiver1.resolve("rate.csv"),
                "# maestro-rate v3\n"
                        + "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed\n"
                        + "2000,1000,70,70,0,false,,,,,\n"
                        + "3000,1000,8,8,0,false,,,,,\n");
        Files.writeString(
                sender2.resolve("rate.csv"),
                "# maestro-rate v3\n"
                        + "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed\n"
                        + "2000,1000,30,30,0,false,,,,,\n");
        return iteration;
    }

    private static void receiverResult(Path dir, String name, List<PeerResult.Stream> streams) throws IOException {
        SyntheticPeerResult.receiver(name)
                .streams(streams)
                .verdict(PeerResult.SUCCESS, "received")
                .writeIn(dir);
    }

    private static PeerResult.Stream stream(String sender, int connection, RoaringBitmap received) {
        return new PeerResult.Stream(
                sender, connection, received.getLongCardinality(), 0, 0, 0, PeerResult.Stream.encode(received));
    }

    private static RoaringBitmap bitmap(long from, long to) {
        RoaringBitmap bitmap = new RoaringBitmap();
        bitmap.add(from, to);
        return bitmap;
    }
}
