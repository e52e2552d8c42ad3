package org.maestro.common.protocol;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** Whatever bytes reach the decoder, the only failure that comes out is a typed {@link MalformedNoteException}. */
class NoteDecoderPropertiesTest {

    private static final List<byte[]> VALID =
            SampleNotes.all().values().stream().map(NoteCodec::encode).toList();

    @Property(tries = 5000)
    void randomBytesDecodeOrFailWithATypedError(@ForAll @Size(max = 300) byte[] bytes) {
        decodeOrTypedError(bytes);
    }

    @Property(tries = 3000)
    void truncatedNotesFailWithATypedError(@ForAll("validNotes") byte[] note, @ForAll("fractions") double cut) {
        int length = (int) (note.length * cut);
        decodeOrTypedError(Arrays.copyOf(note, Math.min(length, note.length - 1)));
    }

    @Property(tries = 3000)
    void notesWithAFlippedByteDecodeOrFailWithATypedError(
            @ForAll("validNotes") byte[] note, @ForAll("fractions") double where, @ForAll byte value) {
        byte[] changed = note.clone();
        changed[(int) (where * (changed.length - 1))] = value;
        decodeOrTypedError(changed);
    }

    @Provide
    Arbitrary<byte[]> validNotes() {
        return Arbitraries.of(VALID);
    }

    @Provide
    Arbitrary<Double> fractions() {
        return Arbitraries.doubles().between(0, 1);
    }

    private static void decodeOrTypedError(byte[] bytes) {
        try {
            assertNotNull(NoteCodec.decode(bytes));
        } catch (MalformedNoteException expected) {
            assertNotNull(expected.getMessage());
        }
    }
}
