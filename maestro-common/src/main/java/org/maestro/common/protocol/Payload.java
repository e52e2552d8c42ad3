package org.maestro.common.protocol;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * The command-specific part of a note. Which payload a note carries follows from its type and command, see
 * {@link PayloadKind#of(NoteType, Command)}; {@code docs/protocol.md} gives the field order of each.
 */
public sealed interface Payload {

    /** No fields. */
    enum Empty implements Payload {
        INSTANCE
    }

    /** One string: inspector name (START_INSPECTOR), command (USER_COMMAND_1), reason (PROTOCOL_ERROR). */
    record Text(String text) implements Payload {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** SET: option code and value. */
    record SetOption(long option, String value) implements Payload {
        public SetOption {
            Objects.requireNonNull(value, "value");
        }
    }

    /** PING request: the client's send time as seconds and microseconds of the epoch. */
    record Ping(long seconds, long micros) implements Payload {}

    /** PING reply: the request's time echoed, and the elapsed time the peer saw (its clock minus the request's). */
    record PingReply(long seconds, long micros, long elapsedMicros) implements Payload {}

    /**
     * STATS reply: the peer's live figures; every field travels in every reply.
     *
     * @param latencyP50Micros {@link #UNKNOWN} when the peer does not measure it, like {@code latencyMaxMicros}
     * @param warmUpLatency    true when the latencies are those of warm-up messages (the last second had no measured
     *                         one)
     * @param consumed         a receiver's every consumed message, of this run or not, priming and unreadable ones
     *                         included (the drain's progress), or {@link #UNKNOWN}
     */
    record Stats(
            String role,
            long timestampMillis,
            long count,
            double rate,
            long latencyP99Micros,
            long errors,
            long latencyP50Micros,
            long latencyMaxMicros,
            boolean warmUpLatency,
            long consumed)
            implements Payload {
        /** {@code latencyP50Micros}, {@code latencyMaxMicros} or {@code consumed} of a peer that does not know it. */
        public static final long UNKNOWN = -1;

        public Stats {
            Objects.requireNonNull(role, "role");
        }

        /** Statistics without the consumed total (every role but the receiver). */
        public Stats(
                String role,
                long timestampMillis,
                long count,
                double rate,
                long latencyP99Micros,
                long errors,
                long latencyP50Micros,
                long latencyMaxMicros,
                boolean warmUpLatency) {
            this(
                    role,
                    timestampMillis,
                    count,
                    rate,
                    latencyP99Micros,
                    errors,
                    latencyP50Micros,
                    latencyMaxMicros,
                    warmUpLatency,
                    UNKNOWN);
        }

        /** These statistics with a receiver's consumed total. */
        public Stats withConsumed(long total) {
            return new Stats(
                    role,
                    timestampMillis,
                    count,
                    rate,
                    latencyP99Micros,
                    errors,
                    latencyP50Micros,
                    latencyMaxMicros,
                    warmUpLatency,
                    total);
        }

        /** Statistics without p50, max and the consumed total (a role that does not measure them). */
        public Stats(String role, long timestampMillis, long count, double rate, long latencyP99Micros, long errors) {
            this(role, timestampMillis, count, rate, latencyP99Micros, errors, UNKNOWN, UNKNOWN, false);
        }

        /** True when the peer measured p50 and max of its last second. */
        public boolean hasDistribution() {
            return latencyP50Micros >= 0 && latencyMaxMicros >= 0;
        }
    }

    /** INTERNAL_ERROR: an error code and a message saying what went wrong and what to do. */
    record Error(int code, String message) implements Payload {
        public Error {
            Objects.requireNonNull(message, "message");
        }
    }

    /** NOTIFY_SUCCESS, NOTIFY_FAIL, NOTIFY_READY, DRAIN_COMPLETE and GET replies: a message and named details. */
    record Notice(String message, Map<String, String> details) implements Payload {
        public Notice {
            Objects.requireNonNull(message, "message");
            details = Map.copyOf(details);
        }
    }

    /** AGENT_SOURCE: a git URL or directory, and an optional branch (empty for none). */
    record AgentSource(String source, String branch) implements Payload {
        public AgentSource {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(branch, "branch");
        }
    }

    /** DATA: one chunk of a result file, with the SHA-256 and the size of the whole file to check it after reassembly. */
    record Chunk(String file, int index, int total, String sha256, byte[] data, long size) implements Payload {
        public Chunk {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(sha256, "sha256");
            Objects.requireNonNull(data, "data");
            if (size < 0) {
                throw new IllegalArgumentException("chunk of a file of " + size + " bytes: a size cannot be negative");
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Chunk chunk
                    && chunk.file.equals(file)
                    && chunk.index == index
                    && chunk.total == total
                    && chunk.size == size
                    && chunk.sha256.equals(sha256)
                    && Arrays.equals(chunk.data, data);
        }

        @Override
        public int hashCode() {
            return Objects.hash(file, index, total, sha256, size, Arrays.hashCode(data));
        }

        @Override
        public String toString() {
            return "Chunk[" + file + " " + (index + 1) + "/" + total + ", " + data.length + " bytes]";
        }
    }
}
