resource "aws_instance" "api" {
  ami = "x" # keep
}
