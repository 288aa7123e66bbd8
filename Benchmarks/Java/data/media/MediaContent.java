package data.media;

import java.util.List;
import java.util.Objects;

public class MediaContent {
    public Media media;
    public List<Image> images;

    public MediaContent() {
    }

    public MediaContent(Media media, List<Image> images) {
        this.media = media;
        this.images = images;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof MediaContent)) return false;
        MediaContent other = (MediaContent) o;
        return Objects.equals(media, other.media) && Objects.equals(images, other.images);
    }

    @Override
    public int hashCode() {
        return Objects.hash(media, images);
    }

    @Override
    public String toString() {
        return "MediaContent{media=" + media + ", images=" + images + "}";
    }
}
