package org.maestro.common.files;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * A JSON document of one type kept under a fixed file name in a directory: written indented and whole
 * ({@link AtomicFiles}), read as empty when the directory holds none, and refused with what it should have been and
 * what to do when it cannot be read; properties it does not know are ignored.
 *
 * <pre>{@code
 * JsonFile<Settings> file = new JsonFile<>("settings.json", Settings.class, "a settings file", "delete it");
 * file.write(directory, settings);
 * Optional<Settings> read = file.read(directory);   // empty when the directory holds none
 * }</pre>
 */
public final class JsonFile<T> {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final String name;
    private final Class<T> type;
    private final String what;
    private final String remedy;

    /**
     * A file of this name holding a {@code type}.
     *
     * @param what what the file is, for the error of one that cannot be read: {@code <file> is not <what>: …}
     * @param remedy what to do about such a file, appended to that error after "; "; empty for nothing
     */
    public JsonFile(String name, Class<T> type, String what, String remedy) {
        this.name = name;
        this.type = type;
        this.what = what;
        this.remedy = remedy;
    }

    /** The file in {@code directory}. */
    public Path in(Path directory) {
        return directory.resolve(name);
    }

    /** Writes the value to the file in {@code directory}, replacing an earlier one; returns the file. */
    public Path write(Path directory, T value) throws IOException {
        return AtomicFiles.write(in(directory), out -> JSON.writeValue(out, value));
    }

    /**
     * Reads the file in {@code directory}; empty when there is none.
     *
     * @throws IOException when it exists but cannot be read as such
     */
    public Optional<T> read(Path directory) throws IOException {
        return read(directory, value -> null);
    }

    /**
     * Reads the file in {@code directory}; empty when there is none.
     *
     * @param problem what is wrong with a value read (a format version too new), null when nothing is
     * @throws IOException when it exists but cannot be read as such, or the value read has a problem
     */
    public Optional<T> read(Path directory, Function<T, String> problem) throws IOException {
        Path file = in(directory);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            T value = JSON.readValue(file.toFile(), type);
            String wrong = problem.apply(value);
            if (wrong != null) {
                throw new IOException(wrong);
            }
            return Optional.of(value);
        } catch (IOException e) {
            throw new IOException(
                    file + " is not " + what + ": " + e.getMessage() + (remedy.isEmpty() ? "" : "; " + remedy), e);
        }
    }
}
