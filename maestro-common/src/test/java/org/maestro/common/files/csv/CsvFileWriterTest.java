package org.maestro.common.files.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CsvFileWriter} writes what {@link CsvTable} reads, quoting only what RFC 4180 asks to. */
class CsvFileWriterTest {

    @Test
    void writesTheVersionLineCommentsHeaderAndRowsQuotingOnlyWhereNeeded(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("kind.csv");
        try (CsvFileWriter out = CsvFileWriter.create(
                file, "# maestro-kind v2", List.of("a comment"), List.of("name", "count", "flag", "text"))) {
            out.row("plain", 12L, true, "a text that is longer than twenty-four characters");
            out.row("with,comma", -1L, false, "say \"hi\"");
            out.row(null, 0L, null, "two\nlines");
            out.row(" spaced ", 3L, true, "# not a comment");
        }
        assertEquals(
                "# maestro-kind v2\n"
                        + "# a comment\n"
                        + "name,count,flag,text\n"
                        + "plain,12,true,a text that is longer than twenty-four characters\n"
                        + "\"with,comma\",-1,false,\"say \"\"hi\"\"\"\n"
                        + ",0,,\"two\nlines\"\n"
                        + " spaced ,3,true,# not a comment\n",
                Files.readString(file, StandardCharsets.UTF_8));

        CsvTable table = CsvTable.read(file);
        assertEquals("kind", table.kind());
        assertEquals(2, table.version());
        assertEquals(List.of("name", "count", "flag", "text"), table.columns());
        assertEquals(
                List.of("with,comma", "-1", "false", "say \"hi\""), table.rows().get(1));
        assertEquals("two\nlines", table.rows().get(2).get(3));
    }

    @Test
    void aFileWithoutRowsStillHasItsHeader(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("empty.csv");
        CsvFileWriter.create(file, "# maestro-empty v1", List.of(), List.of("a", "b"))
                .close();
        assertEquals("# maestro-empty v1\na,b\n", Files.readString(file));
        assertEquals(List.of("a", "b"), CsvTable.read(file).columns());
    }

    @Test
    void refusesARowOfTheWrongWidth(@TempDir Path directory) throws Exception {
        try (CsvFileWriter out =
                CsvFileWriter.create(directory.resolve("x.csv"), "# maestro-x v1", List.of(), List.of("a", "b"))) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> out.row("one"));
            assertEquals("the file has 2 columns, a row of 1 cells was given", error.getMessage());
        }
    }
}
