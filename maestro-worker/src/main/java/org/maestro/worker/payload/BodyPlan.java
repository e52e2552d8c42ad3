package org.maestro.worker.payload;

import java.util.List;
import java.util.random.RandomGenerator;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.ShareTable;

/**
 * What the bodies of a sender's messages are made of, the same for all its connections: generated bodies of the
 * MESSAGE_SIZE sizes with a share of random bytes (PAYLOAD_RANDOM), or the contents of payload files (PAYLOAD_FILES)
 * after the Maestro header, used in turn or drawn by their shares. Immutable.
 *
 * @param size the sizes of generated bodies
 * @param randomPercent the share of random bytes in a generated body, 0-100
 * @param files the contents of the payload files, in the order named; empty for generated bodies
 * @param fileShares the files' shares, or null when they are used in turn
 */
public record BodyPlan(MessageSize size, int randomPercent, List<byte[]> files, ShareTable<String> fileShares) {
    public BodyPlan {
        if (randomPercent < 0 || randomPercent > 100) {
            throw new IllegalArgumentException("randomPercent must be 0..100, was " + randomPercent);
        }
        files = List.copyOf(files);
    }

    /** Generated bodies of that size, zero bytes after the header (what a sender sends without payload options). */
    public static BodyPlan zeros(MessageSize size) {
        return new BodyPlan(size, 0, List.of(), null);
    }

    /** Generated bodies of that size with that share of random bytes. */
    public static BodyPlan generated(MessageSize size, int randomPercent) {
        return new BodyPlan(size, randomPercent, List.of(), null);
    }

    /** True when the bodies are the payload files' contents. */
    public boolean fromFiles() {
        return !files.isEmpty();
    }

    /** The bodies of one connection, whose header names {@code nameBytes}, connection {@code index}, run tag {@code runTag}. */
    public MessageBodies forConnection(byte[] nameBytes, int index, int runTag, RandomGenerator random) {
        return fromFiles()
                ? MessageBodies.ofFiles(this, nameBytes, index, runTag, random)
                : MessageBodies.generated(this, nameBytes, index, runTag, random);
    }
}
