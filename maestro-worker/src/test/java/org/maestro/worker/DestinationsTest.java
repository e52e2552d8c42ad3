package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * A flow over 4 destinations of an embedded Artemis broker, its connections split between two senders and two
 * receivers with different CONNECTION_OFFSETs: every connection uses its own destination (the broker's queues and the
 * streams each receiver got show it) and connections.csv counts what was sent and received.
 */
class DestinationsTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-destinations");

    @TempDir
    Path results;

    private static final int DESTINATIONS = 4;
    private static final int PER_CONNECTION = 300;

    @Test
    void everyConnectionUsesItsDestinationAndConnectionsCsvCountsIt() throws Exception {
        String url = broker.amqpUrl("dest-{n}");
        // senders: a has flow connection 0, b has 1, 2, 3; receivers: c has 0, 1, 2, d has 3
        RecordingPeerContext senderA = peer("sender-a", "sender", url, 0, 1);
        RecordingPeerContext senderB = peer("sender-b", "sender", url, 1, 3);
        RecordingPeerContext receiverC = peer("receiver-c", "receiver", url, 0, 3);
        RecordingPeerContext receiverD = peer("receiver-d", "receiver", url, 3, 1);
        ReceiverRole c = LoadTestRun.receiver();
        ReceiverRole d = LoadTestRun.receiver();
        c.handle(Note.request(Command.START_RECEIVER), receiverC);
        d.handle(Note.request(Command.START_RECEIVER), receiverD);
        SenderRole a = LoadTestRun.sender();
        SenderRole b = LoadTestRun.sender();
        a.handle(Note.request(Command.START_SENDER), senderA);
        b.handle(Note.request(Command.START_SENDER), senderB);
        Duration wait = LoadTestRun.OUTCOME_TIMEOUT;
        assertEquals(Command.NOTIFY_SUCCESS, senderA.awaitOutcome(wait).command());
        assertEquals(Command.NOTIFY_SUCCESS, senderB.awaitOutcome(wait).command());
        c.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), receiverC);
        d.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), receiverD);
        assertEquals(Command.NOTIFY_SUCCESS, receiverC.awaitOutcome(wait).command());
        assertEquals(Command.NOTIFY_SUCCESS, receiverD.awaitOutcome(wait).command());

        // the broker: each destination's queue took exactly one sender connection's messages
        for (int n = 0; n < DESTINATIONS; n++) {
            Queue queue = broker.server().locateQueue(SimpleString.of("dest-" + n));
            assertNotNull(queue, "queue dest-" + n);
            assertEquals(PER_CONNECTION, queue.getMessagesAdded(), "messages added to dest-" + n);
        }
        assertEquals(null, broker.server().locateQueue(SimpleString.of("dest-{n}")), "no connection used the template");

        // senders' rows: flow index, destination, name and counts
        assertSenderRows(senderA, List.of(0));
        assertSenderRows(senderB, List.of(1, 2, 3));
        // receivers' rows: each connection received its destination's messages, no more
        assertReceiverRows(receiverC, List.of(0, 1, 2));
        assertReceiverRows(receiverD, List.of(3));

        // the streams each receiver got are those of the sender connections of its destinations
        String a0 = senderA.self().qualifiedName() + "#0";
        String b0 = senderB.self().qualifiedName() + "#0";
        String b1 = senderB.self().qualifiedName() + "#1";
        String b2 = senderB.self().qualifiedName() + "#2";
        assertEquals(Set.of(a0, b0, b1), streams(receiverC));
        assertEquals(Set.of(b2), streams(receiverD));
    }

    private RecordingPeerContext peer(String name, String role, String url, int offset, int connections) {
        Map<String, String> options =
                new HashMap<>(RunOptions.of(url, connections, 1000, Integer.toString(PER_CONNECTION), "destinations"));
        options.put("DESTINATIONS", Integer.toString(DESTINATIONS));
        options.put("CONNECTION_OFFSET", Integer.toString(offset));
        options.put("PRIMING_MESSAGES", "0");
        return new RecordingPeerContext(name, role, results).set(options);
    }

    private static void assertSenderRows(RecordingPeerContext sender, List<Integer> indexes) throws Exception {
        List<ConnectionsCsv.Row> rows = rows(sender);
        assertEquals(indexes.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            ConnectionsCsv.Row row = rows.get(i);
            int j = indexes.get(i);
            assertEquals(i, row.connection());
            assertEquals(j, row.index());
            assertEquals(j % DESTINATIONS, row.destination());
            assertEquals(-1, row.subscription());
            assertEquals("dest-" + row.destination(), row.name());
            assertEquals(PER_CONNECTION, row.sent());
            assertEquals(0, row.refused());
            assertEquals(0, row.resent());
            assertEquals(null, row.received());
            assertEquals(PER_CONNECTION, row.measured());
            assertEquals(PER_CONNECTION * 256L, row.bytes(), "the default MESSAGE_SIZE, 256 bytes each");
            assertEquals(PER_CONNECTION, decode(row.histogram()).getTotalCount());
            assertTrue(row.firstMicros() > 0 && row.lastMicros() >= row.firstMicros(), row.toString());
        }
    }

    private static void assertReceiverRows(RecordingPeerContext receiver, List<Integer> indexes) throws Exception {
        List<ConnectionsCsv.Row> rows = rows(receiver);
        assertEquals(indexes.size(), rows.size());
        long total = 0;
        for (int i = 0; i < rows.size(); i++) {
            ConnectionsCsv.Row row = rows.get(i);
            int j = indexes.get(i);
            assertEquals(j, row.index());
            assertEquals(j % DESTINATIONS, row.destination());
            assertEquals(0, row.subscription());
            assertEquals("dest-" + row.destination(), row.name());
            assertEquals(PER_CONNECTION, row.received());
            assertEquals(0, row.duplicates());
            assertEquals(0, row.lost());
            assertEquals(PER_CONNECTION * 256L, row.bytes());
            assertEquals(PER_CONNECTION, decode(row.histogram()).getTotalCount());
            assertEquals(row.measured(), decode(row.histogram()).getTotalCount());
            total += row.received();
        }
        PeerResult result = PeerResult.read(receiver.resultDirectory().resolve(PeerResult.FILE_NAME));
        assertEquals(result.count(), total, "the rows add up to the receiver's count");
    }

    private static List<ConnectionsCsv.Row> rows(RecordingPeerContext peer) throws Exception {
        return ConnectionsCsv.read(peer.resultDirectory().resolve(ConnectionsCsv.FILE_NAME));
    }

    private static Set<String> streams(RecordingPeerContext receiver) throws Exception {
        PeerResult result = PeerResult.read(receiver.resultDirectory().resolve(PeerResult.FILE_NAME));
        Set<String> names = new TreeSet<>();
        for (PeerResult.Stream stream : result.streams()) {
            assertEquals(PER_CONNECTION, stream.count(), "stream " + stream.sender() + "#" + stream.connection());
            names.add(stream.sender() + "#" + stream.connection());
        }
        return names;
    }

    private static Histogram decode(String base64) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    }
}
