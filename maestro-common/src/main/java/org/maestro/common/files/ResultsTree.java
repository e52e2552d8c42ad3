package org.maestro.common.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a file named by a peer may be written under one iteration directory of the results tree: a relative path of
 * plain names (no absolute path, no {@code .} or {@code ..}, no hidden name, no control character or backslash),
 * resolved against the iteration directory's real path, through no symbolic link, and still inside it. Stateless.
 */
public final class ResultsTree {
    /** The longest relative path accepted. */
    public static final int MAX_PATH = 1024;
    /** The deepest relative path accepted (names separated by {@code /}). */
    public static final int MAX_DEPTH = 8;

    private ResultsTree() {}

    /** Why a relative path breaks the rule, or empty when it follows it (the file system is not consulted). */
    public static Optional<String> check(String relative) {
        if (relative == null || relative.isEmpty()) {
            return Optional.of("an empty path");
        }
        if (relative.length() > MAX_PATH) {
            return Optional.of("a path of " + relative.length() + " characters, longer than " + MAX_PATH);
        }
        if (relative.startsWith("/")) {
            return Optional.of("an absolute path");
        }
        String[] names = relative.split("/", -1);
        if (names.length > MAX_DEPTH) {
            return Optional.of("a path " + names.length + " names deep, deeper than " + MAX_DEPTH);
        }
        for (String name : names) {
            if (name.isEmpty() || name.equals(".") || name.equals("..")) {
                return Optional.of("a path with an empty, '.' or '..' name");
            }
            if (AtomicFiles.isTemporary(name)) {
                return Optional.of("the temporary file of a write that never finished (its writer was killed)");
            }
            if (name.startsWith(".")) {
                return Optional.of("a hidden name (starting with '.')");
            }
            if (name.length() > 255) {
                return Optional.of("a name longer than 255 characters");
            }
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c < 0x20 || c == 0x7f || c == '\\' || c == ':') {
                    return Optional.of("a name with a control character, '\\' or ':'");
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The path of a file {@code relative} below {@code iterationDirectory}, checked: it follows
     * {@link #check(String)}, resolves inside the iteration directory's real path, and none of its parts that exist is
     * a symbolic link or anything but a directory (the last part: a regular file).
     *
     * @throws IOException saying which rule the path breaks
     */
    public static Path file(Path iterationDirectory, String relative) throws IOException {
        return resolve(iterationDirectory, relative, false);
    }

    /** Like {@link #file(Path, String)} for a directory: its last part, when it exists, must be a directory. */
    public static Path directory(Path iterationDirectory, String relative) throws IOException {
        return resolve(iterationDirectory, relative, true);
    }

    private static Path resolve(Path iterationDirectory, String relative, boolean directory) throws IOException {
        Optional<String> broken = check(relative);
        if (broken.isPresent()) {
            throw new IOException(
                    "refused to write " + quote(relative) + " under " + iterationDirectory + ": it is " + broken.get());
        }
        Path root = iterationDirectory.toRealPath();
        Path target = root.resolve(relative).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            throw new IOException("refused to write " + quote(relative) + ": it leads outside " + root);
        }
        Path current = root;
        for (Path name : root.relativize(target)) {
            current = current.resolve(name);
            if (Files.isSymbolicLink(current)) {
                throw new IOException("refused to write " + quote(relative) + " under " + root + ": " + current
                        + " is a symbolic link");
            }
            boolean file = current.equals(target) && !directory;
            if (Files.exists(current, LinkOption.NOFOLLOW_LINKS)
                    && (file
                            ? !Files.isRegularFile(current, LinkOption.NOFOLLOW_LINKS)
                            : !Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS))) {
                throw new IOException("refused to write " + quote(relative) + " under " + root + ": " + current
                        + " is not a " + (file ? "regular file" : "directory"));
            }
        }
        return target;
    }

    private static String quote(String text) {
        StringBuilder out = new StringBuilder("'");
        String shown = text == null ? "" : text.length() > 120 ? text.substring(0, 120) + "…" : text;
        for (char c : shown.toCharArray()) {
            out.append(c < 0x20 || c == 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return out.append('\'').toString();
    }
}
