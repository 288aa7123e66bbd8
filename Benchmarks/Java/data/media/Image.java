package data.media;

import java.util.Objects;

public class Image {
    public enum Size { SMALL, LARGE }

    public String uri;
    public String title;
    public int width;
    public int height;
    public Size size;

    public Image() {
    }

    public Image(String uri, String title, int width, int height, Size size) {
        this.uri = uri;
        this.title = title;
        this.width = width;
        this.height = height;
        this.size = size;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Image)) return false;
        Image i = (Image) o;
        return width == i.width && height == i.height && Objects.equals(uri, i.uri)
            && Objects.equals(title, i.title) && size == i.size;
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, title, width, height, size);
    }

    @Override
    public String toString() {
        return "Image{uri=" + uri + ", title=" + title + ", width=" + width + ", height=" + height
            + ", size=" + size + "}";
    }
}
