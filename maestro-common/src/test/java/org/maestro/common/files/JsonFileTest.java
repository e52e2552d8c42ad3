package org.maestro.common.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JSON file reads back what was written, reads as empty when absent, and says what to do with a broken one. */
class JsonFileTest {
    /** What the tests keep in the file. */
    record Note(int formatVersion, String text) {}

    private static final JsonFile<Note> FILE =
            new JsonFile<>("note.json", Note.class, "a note (JSON with formatVersion)", "delete it");

    @TempDir
    Path work;

    @Test
    void readsBackWhatWasWrittenIndentedIgnoringUnknownProperties() throws IOException {
        Path file = FILE.write(work, new Note(1, "hello"));

        assertEquals(work.resolve("note.json"), file);
        assertEquals("{\n  \"formatVersion\" : 1,\n  \"text\" : \"hello\"\n}", Files.readString(file));
        assertEquals(Optional.of(new Note(1, "hello")), FILE.read(work));
        Files.writeString(file, "{\"formatVersion\": 2, \"text\": \"later\", \"more\": true}");
        assertEquals(Optional.of(new Note(2, "later")), FILE.read(work));
    }

    @Test
    void anAbsentFileReadsAsEmpty() throws IOException {
        assertEquals(Optional.empty(), FILE.read(work));
    }

    @Test
    void aBrokenFileOrAValueWithAProblemIsRefusedNamingTheFileAndWhatToDo() throws IOException {
        Path file = Files.writeString(work.resolve("note.json"), "{\"formatVersion\": ");
        IOException broken = assertThrows(IOException.class, () -> FILE.read(work));
        assertTrue(
                broken.getMessage().startsWith(file + " is not a note (JSON with formatVersion): "),
                broken.getMessage());
        assertTrue(broken.getMessage().endsWith("; delete it"), broken.getMessage());

        FILE.write(work, new Note(3, "newer"));
        IOException newer = assertThrows(
                IOException.class,
                () -> FILE.read(work, note -> note.formatVersion() > 1 ? "version " + note.formatVersion() : null));
        assertEquals(file + " is not a note (JSON with formatVersion): version 3; delete it", newer.getMessage());
    }
}
