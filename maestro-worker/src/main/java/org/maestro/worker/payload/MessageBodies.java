package org.maestro.worker.payload;

import java.util.random.RandomGenerator;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.ShareTable;
import org.maestro.worker.measure.MessageStamp;

/**
 * The bodies one sender connection sends, made once when it starts so that a message costs no allocation: a
 * generated body is one buffer of the largest size whose first {@code size} bytes go out (the size drawn from the
 * plan); payload files are one buffer each, header then the file's bytes. {@link #next()} picks the next body; the
 * caller writes the per-message header fields into {@link #current()} and sends its first {@link #length()} bytes.
 * The connection's thread only.
 */
public final class MessageBodies {
    private final byte[][] buffers;
    private final MessageSize size;
    private final ShareTable<String> shares;
    private final RandomGenerator random;
    private byte[] current;
    private int length;
    private int turn;

    private MessageBodies(byte[][] buffers, MessageSize size, ShareTable<String> shares, RandomGenerator random) {
        this.buffers = buffers;
        this.size = size;
        this.shares = shares;
        this.random = random;
        this.current = buffers[0];
    }

    static MessageBodies generated(BodyPlan plan, byte[] nameBytes, int index, int runTag, RandomGenerator random) {
        byte[] body = new byte[plan.size().maximum()];
        RandomFill.fill(body, plan.randomPercent(), random);
        MessageStamp.writeFixed(body, nameBytes, index, runTag);
        return new MessageBodies(new byte[][] {body}, plan.size(), null, random);
    }

    static MessageBodies ofFiles(BodyPlan plan, byte[] nameBytes, int index, int runTag, RandomGenerator random) {
        int header = MessageStamp.headerSize(nameBytes);
        byte[][] buffers = new byte[plan.files().size()][];
        for (int i = 0; i < buffers.length; i++) {
            byte[] content = plan.files().get(i);
            byte[] body = new byte[header + content.length];
            System.arraycopy(content, 0, body, header, content.length);
            MessageStamp.writeFixed(body, nameBytes, index, runTag);
            buffers[i] = body;
        }
        return new MessageBodies(buffers, null, plan.fileShares(), random);
    }

    /** Picks the next body and returns its length. */
    public int next() {
        if (size != null) {
            length = size.next(random);
            return length;
        }
        int file;
        if (shares != null) {
            file = shares.drawIndex(random);
        } else {
            file = turn;
            turn = (turn + 1) % buffers.length;
        }
        current = buffers[file];
        length = current.length;
        return length;
    }

    /** The buffer of the body picked last: its first {@link #length()} bytes are the body. */
    public byte[] current() {
        return current;
    }

    /** The length of the body picked last. */
    public int length() {
        return length;
    }
}
