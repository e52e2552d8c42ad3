package org.maestro.worker.sender;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.RateProfile;
import org.maestro.common.options.TestDuration;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;
import org.maestro.worker.payload.BodyPlan;

/**
 * The timing of a sender connection with a clock the test moves: the schedule never shifts. The driver here only
 * keeps the stamped bodies (the real driver is exercised against Artemis in the integration tests).
 */
class SenderConnectionTimingTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final List<long[]> sends = new ArrayList<>();

    private final DriverProducer producer = new DriverProducer() {
        @Override
        public void send(byte[] body, int length) {
            sends.add(new long[] {
                MessageStamp.sequence(body), MessageStamp.intendedMicros(body), MessageStamp.actualMicros(body), length
            });
            now.addAndGet(10);
        }
    };

    private final DriverConnection connection = new DriverConnection() {
        @Override
        public DriverProducer createProducer(OutcomeListener outcomes) {
            return producer;
        }

        @Override
        public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
            throw new DriverException("not used");
        }

        @Override
        public boolean failed() {
            return false;
        }

        @Override
        public Throwable failure() {
            return null;
        }

        @Override
        public void close() {}
    };

    private SenderConnection connection(SendPlan plan, SendHook hook) {
        return SenderConnection.create(new SenderConnection.Parts(
                0,
                () -> connection,
                plan,
                now::get,
                pause -> now.addAndGet(pause.toNanos() / 1_000),
                hook,
                new SingleWriterLatencyRecorder(),
                MessageStamp.nameBytes("s@h")));
    }

    private void run(SenderConnection sender) {
        sender.start(now.get());
        sender.run();
    }

    @Test
    void sendsAtOnceAfterAStallUntilBackOnTheTimeline() {
        long start = now.get();
        SendPlan plan = new SendPlan(new MessageSize(100, false), 1000, 0, TestDuration.ofCount(200));
        run(connection(plan, (c, sequence) -> {
            if (sequence == 50) {
                now.addAndGet(100_000); // stalls 100 ms before message 50
            }
        }));

        assertEquals(200, sends.size());
        for (int i = 0; i < 200; i++) {
            long[] send = sends.get(i);
            assertEquals(i, send[0]);
            assertEquals(start + i * 1000L, send[1], "intended time of message " + i + " stays on the timeline");
            assertTrue(send[2] >= send[1], "never sent before its time");
        }
        long stalled = sends.get(50)[2] - sends.get(50)[1];
        assertTrue(stalled >= 100_000, "message 50 was 100 ms late: " + stalled);
        // the 100 messages due during the stall go out back to back (10 µs apart here), not one per millisecond
        for (int i = 51; i < 150; i++) {
            assertEquals(sends.get(i - 1)[2] + 10, sends.get(i)[2], "message " + i + " sent at once");
        }
        assertTrue(sends.get(160)[2] - sends.get(160)[1] < 1000, "back on the timeline after catching up");
    }

    @Test
    void aLateSenderOnAProfileKeepsItsIntendedTimes() {
        long start = now.get();
        RateProfile profile = RateProfile.parse("100 for 1s, ramp 1000 over 1s, 1000 for 1s");
        MessageSize size = new MessageSize(64, false);
        SendPlan plan = new SendPlan(
                size, 0, 500_000, TestDuration.ofTime(profile.total()), false, 0, 0, BodyPlan.zeros(size), profile);
        run(connection(plan, (c, sequence) -> {
            if (sequence == 120) {
                now.addAndGet(400_000); // stalls 400 ms in the ramp
            }
        }));
        ProfileTimeline expected = new ProfileTimeline(start, 500_000, profile);
        // 50 warm-up messages at the starting rate, 100 in the step, 550 in the ramp, 1000 in the last step
        assertEquals(1700, sends.size());
        for (int i = 0; i < sends.size(); i++) {
            long[] send = sends.get(i);
            assertEquals(i, send[0]);
            assertEquals(expected.intendedMicros(i), send[1], "message " + i + " keeps its intended time");
            assertTrue(send[2] >= send[1], "never sent before its time");
        }
        assertEquals(start + 1_500_000, sends.get(150)[1], "the ramp starts after warm-up and step");
        assertTrue(sends.get(120)[2] - sends.get(120)[1] >= 400_000, "message 120 was 400 ms late");
        assertEquals(sends.get(120)[2] + 10, sends.get(121)[2], "the messages due meanwhile go at once");
        assertTrue(sends.get(1600)[2] - sends.get(1600)[1] < 1000, "back on the timeline after catching up");
    }

    @Test
    void unboundedSendsHaveNoSendDelay() {
        SendPlan plan = new SendPlan(new MessageSize(64, false), 0, 0, TestDuration.ofCount(20));
        run(connection(plan, SendHook.NONE));
        assertEquals(20, sends.size());
        sends.forEach(send -> assertEquals(send[1], send[2], "intended = actual"));
    }

    @Test
    void aTimedRunSendsRateTimesDurationMessages() {
        SendPlan plan = new SendPlan(
                new MessageSize(64, false), 500, 1_000_000, TestDuration.ofTime(java.time.Duration.ofSeconds(2)));
        SenderConnection sender = connection(plan, SendHook.NONE);
        run(sender);
        assertEquals(1500, sends.size(), "1 s warm-up + 2 s at 500/s");
        assertEquals(1500, sender.sent());
        assertEquals(0, sender.firstMeasuredDelayMicros(), "on its timeline when the warm-up ended");
        assertEquals(0, sender.backlog());
        assertEquals(sends.get(0)[1] + 3_000_000, sender.measuredEndMicros(), "the end of the 2 s after warm-up");
    }

    @Test
    void reportsTheBacklogItCarriedIntoTheMeasuredWindow() {
        long start = now.get();
        // 1 s of warm-up at 1000/s: message 1000 is the first measured one; a 300 ms stall before message 900
        SendPlan plan = new SendPlan(new MessageSize(64, false), 1000, 1_000_000, TestDuration.ofCount(500));
        SenderConnection sender = connection(plan, (c, sequence) -> {
            if (sequence == 900) {
                now.addAndGet(300_000);
            }
        });
        run(sender);
        assertEquals(1500, sends.size());
        assertEquals(100, sender.backlog(), "warm-up messages 900-999 went out after the warm-up ended");
        long[] first = sends.get(1000);
        assertEquals(first[2] - first[1], sender.firstMeasuredDelayMicros());
        assertTrue(
                sender.firstMeasuredDelayMicros() >= 190_000,
                "still ~200 ms behind: " + sender.firstMeasuredDelayMicros());
        // 500 measured messages at 1000/s from 1 s on: the window ends at the next intended time (1.5 s)
        assertEquals(start + 1_500_000, sender.measuredEndMicros());
    }

    @Test
    void variableSizesStayWithinFivePercent() {
        SendPlan plan = new SendPlan(MessageSize.parse("~1000"), 0, 0, TestDuration.ofCount(500));
        run(connection(plan, SendHook.NONE));
        long distinct = sends.stream().mapToLong(send -> send[3]).distinct().count();
        assertTrue(distinct > 20, "sizes vary: " + distinct + " distinct");
        sends.forEach(send -> assertTrue(send[3] >= 950 && send[3] <= 1050, "size " + send[3]));
    }
}
