package org.maestro.reporter.read;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import org.roaringbitmap.RoaringBitmap;

/**
 * One stream (sender connection) in a peer-result.json: for a sender the messages sent on it,
 * for a receiver the messages received from it with their sequence numbers.
 *
 * @param sender sending peer name
 * @param connection connection index in the sender
 * @param count messages sent / received on the stream
 * @param errors errors on the stream
 * @param duplicates the receiver's own duplicate deliveries
 * @param outOfOrder the receiver's out-of-order deliveries
 * @param sequences base64 of a portable RoaringBitmap serialisation (receivers only)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StreamResult(String sender, int connection, long count, long errors, long duplicates, long outOfOrder,
                           String sequences) {

    /** Decodes {@link #sequences()}; an empty bitmap when absent. */
    public RoaringBitmap sequenceBitmap() throws IOException {
        RoaringBitmap bitmap = new RoaringBitmap();
        if (sequences == null || sequences.isEmpty()) {
            return bitmap;
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(sequences.trim());
        } catch (IllegalArgumentException e) {
            throw new IOException("stream " + sender + "#" + connection + ": sequences is not base64 ("
                    + e.getMessage() + ")", e);
        }
        bitmap.deserialize(ByteBuffer.wrap(bytes));
        return bitmap;
    }
}
