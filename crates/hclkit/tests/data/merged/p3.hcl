other = 2
listen {
}
final = "f"
