package org.maestro.worker;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SendHook;
import org.maestro.worker.sender.SenderRole;

/**
 * Drives one sender and one receiver through a test the way the client does: start the receiver, start the sender,
 * wait for the sender's outcome, DRAIN the receiver and wait for its outcome.
 */
final class LoadTestRun {
    final RecordingPeerContext senderContext;
    final RecordingPeerContext receiverContext;
    RecordingPeerContext.Notification senderOutcome;
    RecordingPeerContext.Notification receiverOutcome;

    /**
     * How long test roles may take to connect: much longer than the 10 s default, because the machines the tests
     * run on may be shared and very busy; the tests of the deadline itself set their own.
     */
    static final Duration PATIENT = Duration.ofSeconds(40);

    /** How long tests wait for an outcome: long, for the same reason; a run that hangs still fails the test. */
    static final Duration OUTCOME_TIMEOUT = Duration.ofSeconds(150);

    /** A sender for tests that do not test connect deadlines. */
    static SenderRole sender() {
        return sender(SendHook.NONE);
    }

    /** A sender for tests that do not test connect deadlines, calling {@code hook} before each send. */
    static SenderRole sender(SendHook hook) {
        return SenderRole.builder().hook(hook).connectTimeout(PATIENT).build();
    }

    /** A receiver for tests that do not test connect deadlines. */
    static ReceiverRole receiver() {
        return ReceiverRole.builder().connectTimeout(PATIENT).build();
    }

    /**
     * Runs {@code count} messages per connection at {@code rate} per second over {@code connections} sender and as
     * many receiver connections to and from {@code url}, with a {@link #sender()} and a {@link #receiver()}.
     */
    static LoadTestRun sendAndReceive(Path results, String url, int connections, int count, int rate, String testName)
            throws Exception {
        return new LoadTestRun(results, options(url, connections, count, rate, testName)).run();
    }

    /**
     * The options of a test of {@code count} messages per connection at {@code rate} per second (0: unbounded) over
     * {@code connections} sender and as many receiver connections to and from {@code url}; a map tests may add to.
     */
    static Map<String, String> options(String url, int connections, int count, int rate, String testName) {
        return RunOptions.of(url, connections, rate, Integer.toString(count), testName);
    }

    LoadTestRun(Path root, Map<String, String> options) {
        senderContext = new RecordingPeerContext("sender-1", "sender", root).set(options);
        receiverContext = new RecordingPeerContext("receiver-1", "receiver", root).set(options);
    }

    /** Runs with a {@link #sender()} and a {@link #receiver()}, waiting {@link #OUTCOME_TIMEOUT} for each outcome. */
    LoadTestRun run() throws Exception {
        return run(sender(), receiver(), OUTCOME_TIMEOUT);
    }

    LoadTestRun run(SenderRole sender, ReceiverRole receiver, Duration senderTimeout) throws Exception {
        return run(sender, receiver, senderTimeout, () -> {});
    }

    /** Runs as {@link #run()} does, calling {@code whileSending} once sending began. */
    LoadTestRun run(Interference whileSending) throws Exception {
        return run(sender(), receiver(), OUTCOME_TIMEOUT, whileSending);
    }

    /** Runs as {@link #run(SenderRole, ReceiverRole, Duration)} does, calling {@code whileSending} once sending began. */
    LoadTestRun run(SenderRole sender, ReceiverRole receiver, Duration senderTimeout, Interference whileSending)
            throws Exception {
        receiver.handle(Note.request(Command.START_RECEIVER), receiverContext);
        sender.handle(Note.request(Command.START_SENDER), senderContext);
        whileSending.run();
        senderOutcome = senderContext.awaitOutcome(senderTimeout);
        receiver.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), receiverContext);
        receiverOutcome = receiverContext.awaitOutcome(OUTCOME_TIMEOUT);
        return this;
    }

    Path senderDirectory() throws Exception {
        return senderContext.resultDirectory();
    }

    Path receiverDirectory() throws Exception {
        return receiverContext.resultDirectory();
    }

    PeerResult senderResult() throws Exception {
        return PeerResult.read(senderDirectory().resolve(PeerResult.FILE_NAME));
    }

    PeerResult receiverResult() throws Exception {
        return PeerResult.read(receiverDirectory().resolve(PeerResult.FILE_NAME));
    }

    MessageTally total() throws Exception {
        return MessageTally.of(senderResult(), receiverResult());
    }

    /** Something a test does to the system under test while the sender sends (e.g. stopping the broker). */
    @FunctionalInterface
    interface Interference {
        void run() throws Exception;
    }
}
