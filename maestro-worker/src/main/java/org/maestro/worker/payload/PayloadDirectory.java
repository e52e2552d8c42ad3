package org.maestro.worker.payload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maestro.common.options.PayloadFiles;

/**
 * The directory a worker reads payload files from, set when it starts ({@code --payload-dir}); a client names files
 * in it, never a path. A name must be a plain file name ({@link PayloadFiles}); the file must be a regular file whose
 * real path (links followed) is inside the directory, of at most {@code maxBytes} bytes. Without a directory every
 * PAYLOAD_FILES is refused. Immutable.
 */
public final class PayloadDirectory {
    /** A worker started without a payload directory. */
    public static final PayloadDirectory NONE = new PayloadDirectory(null);

    private final Path directory;

    private PayloadDirectory(Path directory) {
        this.directory = directory;
    }

    /** The payload directory at {@code directory}, or {@link #NONE} when null. */
    public static PayloadDirectory of(Path directory) {
        return directory == null
                ? NONE
                : new PayloadDirectory(directory.toAbsolutePath().normalize());
    }

    /** The directory, if the worker has one. */
    public Optional<Path> path() {
        return Optional.ofNullable(directory);
    }

    /**
     * Reads the named files, each of at most {@code maxBytes} bytes.
     *
     * @throws PayloadException naming the file and the directory, saying what is wrong and what to do
     */
    public List<byte[]> read(PayloadFiles files, int maxBytes) throws PayloadException {
        if (directory == null) {
            throw new PayloadException("PAYLOAD_FILES=" + String.join(",", files.names())
                    + " is refused: this worker has no payload directory; start it with --payload-dir DIR (or"
                    + " MAESTRO_PAYLOAD_DIR=DIR) and put the files in DIR");
        }
        Path root = realDirectory();
        List<byte[]> contents = new ArrayList<>();
        for (String name : files.names()) {
            contents.add(readOne(root, name, maxBytes));
        }
        return contents;
    }

    private Path realDirectory() throws PayloadException {
        try {
            Path real = directory.toRealPath();
            if (!Files.isDirectory(real)) {
                throw new PayloadException("the payload directory " + directory + " is not a directory");
            }
            return real;
        } catch (IOException e) {
            throw new PayloadException("the payload directory " + directory + " cannot be read: " + e);
        }
    }

    private byte[] readOne(Path root, String name, int maxBytes) throws PayloadException {
        String where = "payload file '" + name + "' in the payload directory " + directory;
        if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.contains("..")) {
            throw new PayloadException("PAYLOAD_FILES names '" + name + "', which is not a plain file name in the"
                    + " payload directory " + directory);
        }
        Path file = root.resolve(name);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new PayloadException("the " + where + " does not exist: put it there or fix PAYLOAD_FILES");
        }
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            throw new PayloadException("the " + where + " cannot be read: " + e);
        }
        if (!real.getParent().equals(root)) {
            throw new PayloadException("the " + where + " is a link to " + real
                    + ", outside the directory: payload files must be inside it");
        }
        if (!Files.isRegularFile(real)) {
            throw new PayloadException("the " + where + " is not a regular file");
        }
        try (InputStream in = Files.newInputStream(real)) {
            byte[] content = in.readNBytes(maxBytes + 1);
            if (content.length > maxBytes) {
                throw new PayloadException("the " + where + " is larger than " + maxBytes
                        + " bytes, the largest body a message carries after its header");
            }
            return content;
        } catch (IOException e) {
            throw new PayloadException("the " + where + " cannot be read: " + e);
        }
    }
}
