package org.maestro.common.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A CHUNK carries the size of its file and a DRAIN its mode in every note: one that ends before the field is
 * refused, naming the field and, when the note names one, the sender.
 */
class RequiredFieldsTest {

    private static final PeerInfo PEER = new PeerInfo("p1", "receiver-1", "h", "receiver");

    /** The note's bytes without its last {@code cut}. */
    private static byte[] cut(Note note, int cut) {
        byte[] whole = NoteCodec.encode(note);
        return Arrays.copyOf(whole, whole.length - cut);
    }

    @Test
    void aChunkWithoutTheFileSizeIsRefusedNamingTheFieldAndThePeer() {
        // a size of 3 is one byte
        Note data = new Note(
                NoteType.DATA,
                Command.LOG,
                new NoteHeader("c", "m", PEER),
                new Payload.Chunk("rate.csv", 0, 1, "00", new byte[] {1, 2, 3}, 3));

        MalformedNoteException refused =
                assertThrows(MalformedNoteException.class, () -> NoteCodec.decode(cut(data, 1)));

        assertTrue(
                refused.getMessage().startsWith("CHUNK payload ends before its file size, a required field"),
                refused.getMessage());
        assertEquals(Optional.of(PEER), refused.sender());
    }

    @Test
    void aChunkOfANegativeSizeCannotBeMade() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> new Payload.Chunk("rate.csv", 0, 1, "00", new byte[0], -1));

        assertEquals("chunk of a file of -1 bytes: a size cannot be negative", refused.getMessage());
    }

    @Test
    void aDrainWithoutAModeIsRefusedNamingTheField() {
        Note drain = Note.request(Command.DRAIN, DrainMode.END.payload());

        MalformedNoteException refused =
                assertThrows(MalformedNoteException.class, () -> NoteCodec.decode(cut(drain, "end".length() + 1)));

        assertTrue(
                refused.getMessage().startsWith("DRAIN_MODE payload ends before its mode, a required field"),
                refused.getMessage());
    }

    @Test
    void aDrainRequestCannotBeMadeWithoutAMode() {
        assertThrows(IllegalArgumentException.class, () -> Note.request(Command.DRAIN));
        assertThrows(IllegalArgumentException.class, () -> DrainMode.of(Payload.Empty.INSTANCE));
    }

    @ParameterizedTest
    @EnumSource(DrainMode.class)
    void everyDrainModeTravelsAsText(DrainMode mode) throws Exception {
        Note decoded = NoteCodec.decode(NoteCodec.encode(Note.request(Command.DRAIN, mode.payload())));

        assertEquals(mode, DrainMode.of(decoded.payload()));
    }
}
